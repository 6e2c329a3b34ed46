import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

const base = style({
  display: 'inline-grid',
  placeItems: 'center',
  flexShrink: 0,
  overflow: 'hidden',
  borderRadius: vars.radius.full,
  background: vars.color.primarySoft,
  color: vars.color.primarySoftText,
  fontWeight: vars.fontWeight.bold,
  letterSpacing: '0.02em',
});

export const avatar = styleVariants({
  sm: [base, { width: '32px', height: '32px', fontSize: vars.fontSize.xs }],
  lg: [base, { width: '96px', height: '96px', fontSize: vars.fontSize.xxl }],
});

export const picture = style({ width: '100%', height: '100%', objectFit: 'cover' });
