import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

const pulse = keyframes({ '50%': { opacity: 0.55 } });

export const block = style({
  display: 'block',
  background: vars.color.skeleton,
  borderRadius: vars.radius.sm,
  animation: `${pulse} 1.6s ease-in-out infinite`,
});

export const list = style({ display: 'grid', gap: vars.space.md });

export const row = style({
  display: 'grid',
  gap: vars.space.sm,
  padding: vars.space.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
});
