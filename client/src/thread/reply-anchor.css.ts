import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

/** The reply a link opened the page at (a mention's notification): marked until the member leaves the page. */
export const linked = style({
  borderRadius: vars.radius.md,
  outline: `2px solid ${vars.color.primary}`,
  outlineOffset: '2px',
  scrollMarginTop: '5rem',
});
