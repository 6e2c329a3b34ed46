import { style, styleVariants } from '@vanilla-extract/css';
import { media } from '../styles/media.ts';
import { vars } from '../styles/theme.css.ts';

export const list = style({ display: 'grid', gap: vars.space.sm, listStyle: 'none', margin: 0, padding: 0 });

export const row = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  alignItems: 'center',
  gap: vars.space.md,
  padding: vars.space.md,
  '@media': { [media.tablet]: { gridTemplateColumns: 'auto minmax(0, 1fr) auto', padding: vars.space.lg } },
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
});

// On a phone the row's words need the room more than the icon does.
const iconBase = style({
  display: 'none',
  placeItems: 'center',
  width: '40px',
  height: '40px',
  borderRadius: vars.radius.md,
  '@media': { [media.tablet]: { display: 'grid' } },
});

export const icon = styleVariants({
  credit: [iconBase, { color: vars.color.success, background: vars.color.successSoft }],
  debit: [iconBase, { color: vars.color.primarySoftText, background: vars.color.primarySoft }],
});

export const main = style({ display: 'grid', gap: vars.space.xxs, minWidth: 0 });

export const title = style({ fontWeight: vars.fontWeight.semibold, overflowWrap: 'anywhere' });

export const meta = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  columnGap: vars.space.md,
  rowGap: vars.space.xxs,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const link = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  color: vars.color.primary,
  fontWeight: vars.fontWeight.medium,
  outline: 'none',
  borderRadius: vars.radius.sm,
  selectors: {
    '&:hover, &[data-hovered]': { textDecoration: 'underline' },
    '&:focus-visible, &[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});

export const side = style({ display: 'grid', justifyItems: 'end', gap: vars.space.xs });

const amountBase = style({
  fontWeight: vars.fontWeight.bold,
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
});

export const amount = styleVariants({
  credit: [amountBase, { color: vars.color.success }],
  debit: [amountBase, { color: vars.color.text }],
  /** A pending or failed payment: coins it is for, not coins the member has. */
  uncredited: [amountBase, { color: vars.color.textMuted }],
});
