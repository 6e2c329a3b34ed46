import { style } from '@vanilla-extract/css';
import { box } from '../components/card.css.ts';
import { vars } from '../styles/theme.css.ts';
import { truncate } from '../styles/utilities.css.ts';

export const card = style([
  box,
  {
    position: 'relative',
    gap: vars.space.sm,
    boxShadow: vars.shadow.sm,
    transition: `border-color ${vars.duration.fast}, box-shadow ${vars.duration.fast}`,
    selectors: { '&:hover': { borderColor: vars.color.borderStrong, boxShadow: vars.shadow.md } },
  },
]);

export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

/** The time goes under the name when both do not fit; only a name longer than the whole line is cut. */
export const author = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: `${vars.space.xxs} ${vars.space.sm}`,
  minWidth: 0,
  fontSize: vars.fontSize.sm,
});

/** A long name (up to 32 characters, no spaces) is cut with an ellipsis rather than widening the card. */
export const authorName = style([truncate, { fontWeight: vars.fontWeight.semibold }]);

export const time = style({
  display: 'inline-flex',
  flexShrink: 0,
  alignItems: 'center',
  gap: vars.space.xxs,
  color: vars.color.textMuted,
});

export const badges = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });

export const title = style({
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.tight,
});

/** The title link covers the whole card, so the card is one click target without nesting the category link. */
export const titleLink = style({
  color: vars.color.text,
  textDecoration: 'none',
  outline: 'none',
  selectors: {
    '&::after': { content: '""', position: 'absolute', inset: 0, borderRadius: vars.radius.lg },
    '&:hover': { color: vars.color.primary },
    '&:focus-visible::after': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});

export const preview = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  overflowWrap: 'anywhere',
});

export const footer = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: `${vars.space.xs} ${vars.space.lg}`,
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
});

export const meta = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs });

export const categoryLink = style({
  position: 'relative',
  zIndex: 1,
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceMuted,
  color: vars.color.text,
  fontWeight: vars.fontWeight.semibold,
  textDecoration: 'none',
  outline: 'none',
  selectors: {
    '&:hover': { textDecoration: 'underline' },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});

export const unknownCategory = style({
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceMuted,
  fontWeight: vars.fontWeight.semibold,
});

export const coins = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  color: vars.color.coinText,
  fontWeight: vars.fontWeight.semibold,
});
