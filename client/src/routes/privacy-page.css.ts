import { style } from '@vanilla-extract/css';
import { boxFrame } from '../components/card.css.ts';
import { vars } from '../styles/theme.css.ts';

export const article = style({
  display: 'grid',
  gap: vars.space.xl,
  maxWidth: '72ch',
});

export const section = style([boxFrame, { gap: vars.space.sm, padding: vars.space.xl }]);

export const heading = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
});

export const icon = style({ color: vars.color.primary, flexShrink: 0 });

export const text = style({ color: vars.color.textMuted });
