import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

/**
 * At the end of the badges row, no taller than a badge: arriving after the first screen, it fills the row's free end
 * rather than pushing the thread down.
 */
export const strip = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  marginInlineStart: 'auto',
  minWidth: 0,
  height: '24px',
});

/** Side by side, not overlapping: at a badge's height an overlap hid half of each member's initials. */
export const faces = style({ display: 'inline-flex', alignItems: 'center', gap: '2px' });

export const face = style({ display: 'inline-flex', borderRadius: vars.radius.full });

// The shared avatar, at a badge's height.
globalStyle(`${face} > span`, { width: '24px', height: '24px', fontSize: '10px' });

export const more = style({
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  paddingInlineStart: vars.space.xs,
});

export const count = style({ whiteSpace: 'nowrap' });
