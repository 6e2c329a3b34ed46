import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

export const tags = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

const tagBase = style({
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  fontSize: vars.fontSize.xs,
});

/** Tinted on a card in a list, quiet on the thread page where the title leads. */
export const tag = styleVariants({
  tinted: [
    tagBase,
    { background: vars.color.primarySoft, color: vars.color.primarySoftText, fontWeight: vars.fontWeight.medium },
  ],
  quiet: [tagBase, { background: vars.color.surfaceMuted, color: vars.color.textMuted }],
});
