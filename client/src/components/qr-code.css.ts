import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

/** A white square whatever the theme: scanners need dark modules on a light ground. */
export const qr = style({
  display: 'grid',
  placeItems: 'center',
  width: '252px',
  height: '252px',
  padding: vars.space.lg,
  background: '#ffffff',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
});
