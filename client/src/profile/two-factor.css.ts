import { style } from '@vanilla-extract/css';
import { media } from '../styles/media.ts';
import { vars } from '../styles/theme.css.ts';

export { badge } from '../components/badge.css.ts';
export { muted } from '../components/card.css.ts';
export { form } from './profile.css.ts';
export { list, main, meta, problem, title } from './security.css.ts';

/** One factor's part of the card (passkeys, the app, recovery codes), under a hairline. */
export const part = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.md,
  paddingTop: vars.space.lg,
  borderTop: `1px solid ${vars.color.border}`,
});

/** A part's title and its line, its status or main action on the right, under them on a phone. */
export const partHeader = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space.md,
});

export const partHeading = style({ display: 'grid', gap: vars.space.xxs, flex: '1 1 260px', minWidth: 0 });

export const partTitle = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
});

/** A passkey: its name and dates, Rename and Remove beside them from tablet width up and under them on a phone. */
export const passkey = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  '@media': { [media.tablet]: { gridTemplateColumns: 'minmax(0, 1fr) auto', gap: vars.space.md } },
});

export const rowActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

/** The name field and Add a passkey in a row from tablet width up. */
export const addPasskey = style({
  display: 'grid',
  gap: vars.space.sm,
  alignItems: 'end',
  '@media': { [media.tablet]: { gridTemplateColumns: 'minmax(0, 1fr) auto' } },
});

/** Setting up the app: the QR code beside the key and the first code; stacked on a phone. */
export const setup = style({
  display: 'grid',
  gap: vars.space.lg,
  justifyItems: 'center',
  padding: vars.space.lg,
  background: vars.color.surfaceMuted,
  borderRadius: vars.radius.lg,
  '@media': { [media.tablet]: { gridTemplateColumns: 'auto minmax(0, 1fr)', justifyItems: 'stretch' } },
});

export const setupDetails = style({ display: 'grid', gap: vars.space.md, width: '100%', minWidth: 0 });

export const secretTerm = style({
  marginBottom: vars.space.xs,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
});

/** The key as text to type in by hand: selected whole with one click, broken anywhere on a phone. */
export const secret = style({
  margin: 0,
  padding: `${vars.space.sm} ${vars.space.md}`,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  letterSpacing: '0.06em',
  overflowWrap: 'anywhere',
  userSelect: 'all',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});

export const notice = style({
  padding: vars.space.md,
  fontSize: vars.fontSize.sm,
  color: vars.color.coinText,
  background: vars.color.coinSoft,
  borderRadius: vars.radius.md,
});

/** The recovery codes, two columns of monospace text. */
export const codes = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: `${vars.space.sm} ${vars.space.lg}`,
  margin: 0,
  padding: vars.space.lg,
  listStyle: 'none',
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.md,
  textAlign: 'center',
  background: vars.color.surfaceMuted,
  borderRadius: vars.radius.lg,
});
