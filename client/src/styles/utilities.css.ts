import { style } from '@vanilla-extract/css';

/** Out of sight, still read by screen readers; also usable inside a media query. */
export const visuallyHiddenRules = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

export const visuallyHidden = style(visuallyHiddenRules);

/**
 * One line, cut with an ellipsis where it does not fit: inside a flex row (min-width 0) and in a grid cell that
 * sizes it to its content (max-width 100%).
 */
export const truncate = style({
  minWidth: 0,
  maxWidth: '100%',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});
