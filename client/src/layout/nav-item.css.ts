import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

/**
 * What the header's links and the side menu's entries share: muted until hovered, tinted while current. Each sets
 * its own focus ring offset.
 */
export const navItem = style({
  borderRadius: vars.radius.md,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.textMuted,
  outline: 'none',
  transition: `background-color ${vars.duration.fast}, color ${vars.duration.fast}`,
  selectors: {
    '&:hover': { background: vars.color.surfaceMuted, color: vars.color.text },
    '&[data-current]': { background: vars.color.primarySoft, color: vars.color.primarySoftText },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}` },
  },
});
