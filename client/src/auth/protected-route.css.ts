import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const redirecting = style({
  display: 'grid',
  placeItems: 'center',
  alignContent: 'center',
  gap: vars.space.md,
  minHeight: '40vh',
  color: vars.color.textMuted,
});

export const spinner = style({ color: vars.color.primary, animation: `${spin} 0.9s linear infinite` });
