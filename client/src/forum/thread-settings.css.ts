import { style, styleVariants } from '@vanilla-extract/css';
import { media } from '../styles/media.ts';
import { vars } from '../styles/theme.css.ts';

/** In the dialog, the inputs a switch reveals sit in a tinted box under it. */
export const reveal = style({
  display: 'grid',
  gap: vars.space.md,
  marginTop: `calc(-1 * ${vars.space.xs})`,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  background: vars.color.surfaceMuted,
});

const pairBase = style({
  display: 'grid',
  alignItems: 'start',
  '@media': { [media.tablet]: { gridTemplateColumns: '1fr 1fr' } },
});

/** Two inputs side by side from tablet width up: tighter in the dialog than on the edit page. */
export const pair = styleVariants({
  dialog: [pairBase, { gap: vars.space.md }],
  page: [pairBase, { gap: vars.space.lg }],
});
