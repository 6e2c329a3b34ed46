import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

export const summary = style({
  display: 'grid',
  gap: vars.space.sm,
  margin: 0,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  background: vars.color.surfaceMuted,
});

export const row = style({ display: 'flex', justifyContent: 'space-between', gap: vars.space.lg });

export const term = style({ color: vars.color.textMuted });

export const value = style({ margin: 0, fontWeight: vars.fontWeight.semibold });
