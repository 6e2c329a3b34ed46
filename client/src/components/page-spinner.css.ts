import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const container = style({
  display: 'grid',
  placeItems: 'center',
  minHeight: '40vh',
  color: vars.color.primary,
});

export const icon = style({ animation: `${spin} 0.9s linear infinite` });
