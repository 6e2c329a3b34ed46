import { style, styleVariants } from '@vanilla-extract/css';
import { media } from '../styles/media.ts';
import { vars } from '../styles/theme.css.ts';

export { badge } from '../components/badge.css.ts';
export { muted } from '../components/card.css.ts';

/** The sessions and the activity log: one row each, in a dialog that scrolls. */
export const list = style({ display: 'grid', gap: vars.space.sm, listStyle: 'none', margin: 0, padding: 0 });

export const row = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  alignItems: 'center',
  gap: vars.space.md,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  '@media': { [media.tablet]: { gridTemplateColumns: 'auto minmax(0, 1fr) auto' } },
});

// On a phone the row's words need the room more than the icon does.
const iconBase = style({
  display: 'none',
  placeItems: 'center',
  width: '36px',
  height: '36px',
  borderRadius: vars.radius.md,
  '@media': { [media.tablet]: { display: 'grid' } },
});

export const icon = styleVariants({
  neutral: [iconBase, { color: vars.color.primarySoftText, background: vars.color.primarySoft }],
  warning: [iconBase, { color: vars.color.danger, background: vars.color.dangerSoft }],
  credit: [iconBase, { color: vars.color.success, background: vars.color.successSoft }],
});

export const main = style({ display: 'grid', gap: vars.space.xxs, minWidth: 0 });

export const title = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  fontWeight: vars.fontWeight.semibold,
  overflowWrap: 'anywhere',
});

export const meta = style({
  display: 'flex',
  flexWrap: 'wrap',
  columnGap: vars.space.md,
  rowGap: vars.space.xxs,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  overflowWrap: 'anywhere',
});

export const coins = styleVariants({
  credit: { fontWeight: vars.fontWeight.semibold, color: vars.color.success, whiteSpace: 'nowrap' },
  debit: { fontWeight: vars.fontWeight.semibold, color: vars.color.text, whiteSpace: 'nowrap' },
});

export const link = style({
  color: vars.color.primary,
  fontWeight: vars.fontWeight.medium,
  outline: 'none',
  borderRadius: vars.radius.sm,
  selectors: {
    '&:hover': { textDecoration: 'underline' },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});

export const problem = style({ color: vars.color.danger });

/** The dialog's own actions, Close last on the right; they wrap on a phone. */
export const actions = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: vars.space.sm });

/** The action that concerns the whole list, apart from Close. */
export const listAction = style({ marginRight: 'auto' });
