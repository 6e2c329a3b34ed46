import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

/** White on the page background inside a hairline border; its shadow says how far it is raised. */
export const sheet = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.xl,
});

/** The look every card shares. Variants add to it and never reset what it sets, whatever order styles load in. */
export const surface = style([sheet, { boxShadow: vars.shadow.sm }]);

/**
 * A card's contents in one column; padding is left to the card, so variants compose rather than override. The
 * column is minmax(0, 1fr), so a long unbroken word inside cannot widen the card past the screen.
 */
export const cardBody = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.lg,
  alignContent: 'start',
  minWidth: 0,
});

export const card = style([surface, cardBody, { padding: vars.space.xl }]);

/** A card's title with its line of explanation under it. */
export const cardHeading = style({ display: 'grid', gap: vars.space.xxs });

/** A card's heading with its actions on the right, wrapping under it when there is no room. */
export const cardHeader = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space.md,
});

export const cardTitle = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
});

export const muted = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });

/** A list of bordered boxes (replies, reports, waiting payments), without bullets. */
export const boxList = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.md,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

/** A bordered white box without a shadow, quieter than a card; its gap and padding are the caller's. */
export const boxFrame = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  minWidth: 0,
});

/** One box of a box list. */
export const box = style([boxFrame, { padding: vars.space.lg }]);

/** A short centred statement on a card (an error, a success), its icon on top. */
export const statement = style({
  display: 'grid',
  justifyItems: 'center',
  gap: vars.space.md,
  padding: vars.space.xxl,
  textAlign: 'center',
});

export const statementTitle = style({ fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.bold });
