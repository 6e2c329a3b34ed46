import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

export const gate = style({ display: 'grid', gap: vars.space.xl, maxWidth: '960px', width: '100%', margin: '0 auto' });

export const header = style({ display: 'grid', justifyItems: 'center', gap: vars.space.sm, textAlign: 'center' });

export const icon = style({
  display: 'grid',
  placeItems: 'center',
  width: '56px',
  height: '56px',
  borderRadius: vars.radius.full,
  background: vars.color.coinSoft,
  color: vars.color.coin,
});

export const title = style({ fontSize: vars.fontSize.xxl, fontWeight: vars.fontWeight.bold, letterSpacing: '-0.02em' });

export const text = style({ maxWidth: '52ch', color: vars.color.textMuted });
