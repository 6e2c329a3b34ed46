import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

export const avatar = style({
  display: 'inline-grid',
  placeItems: 'center',
  flexShrink: 0,
  width: '32px',
  height: '32px',
  borderRadius: vars.radius.full,
  background: vars.color.primarySoft,
  color: vars.color.primarySoftText,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  letterSpacing: '0.02em',
});
