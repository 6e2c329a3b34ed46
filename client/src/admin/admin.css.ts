import { style } from '@vanilla-extract/css';
import { badge as tone } from '../components/badge.css.ts';
import { box, boxList } from '../components/card.css.ts';
import { media } from '../styles/media.ts';
import { vars } from '../styles/theme.css.ts';

export { card, cardHeader, cardHeading, cardTitle, muted } from '../components/card.css.ts';

export const empty = style({
  padding: `${vars.space.xxl} ${vars.space.lg}`,
  textAlign: 'center',
  color: vars.color.textMuted,
  border: `1px dashed ${vars.color.borderStrong}`,
  borderRadius: vars.radius.lg,
});

export const errorBox = style({
  display: 'grid',
  justifyItems: 'start',
  gap: vars.space.sm,
  padding: vars.space.lg,
  color: vars.color.danger,
  background: vars.color.dangerSoft,
  borderRadius: vars.radius.lg,
  fontWeight: vars.fontWeight.medium,
});

export const note = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  padding: vars.space.md,
  fontSize: vars.fontSize.sm,
  color: vars.color.info,
  background: vars.color.infoSoft,
  borderRadius: vars.radius.md,
});

export const warning = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  fontSize: vars.fontSize.sm,
  color: vars.color.coinText,
  background: vars.color.coinSoft,
  borderRadius: vars.radius.md,
});

export const nowrap = style({ whiteSpace: 'nowrap' });

export const person = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  minWidth: 0,
  '@media': { [media.tablet]: { minWidth: '200px' } },
});

export const personText = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.xxs,
  minWidth: 0,
});

export const strong = style({ fontWeight: vars.fontWeight.semibold });

/** Spec 001 §2: the thread column stops at 300 px and its excerpt at 3 lines. */
export const threadCell = style({ '@media': { [media.tablet]: { maxWidth: '300px', minWidth: '220px' } } });

export const threadTitle = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minWidth: 0,
  fontWeight: vars.fontWeight.semibold,
});

export { truncate } from '../styles/utilities.css.ts';

export const excerpt = style({
  display: '-webkit-box',
  WebkitLineClamp: 3,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  color: vars.color.textMuted,
  overflowWrap: 'anywhere',
});

export const actions = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm });

export const premiumIcon = style({ flexShrink: 0, color: vars.color.coin });

/** Member statuses and thread markers in the console's colours. */
export const badge = {
  admin: tone.accent,
  moderator: tone.info,
  banned: tone.danger,
  muted: tone.coin,
  active: tone.success,
  premium: tone.coin,
  pending: tone.info,
  neutral: tone.neutral,
};

export const list = boxList;

export const item = style([box, { gap: vars.space.sm }]);

export const itemHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

export const itemTitle = style({ fontWeight: vars.fontWeight.semibold, overflowWrap: 'anywhere' });

export const meta = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: `${vars.space.xs} ${vars.space.md}`,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const quote = style({
  margin: 0,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderLeft: `3px solid ${vars.color.borderStrong}`,
  background: vars.color.surfaceMuted,
  borderRadius: `0 ${vars.radius.sm} ${vars.radius.sm} 0`,
  fontSize: vars.fontSize.sm,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  maxHeight: '9rem',
  overflowY: 'auto',
});

export const twoColumns = style({
  display: 'grid',
  gap: vars.space.xl,
  alignItems: 'start',
  '@media': { [media.desktop]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const form = style({ display: 'grid', gap: vars.space.lg });

export const formRow = style({
  display: 'grid',
  gap: vars.space.md,
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const formRowWide = style({
  display: 'grid',
  gap: vars.space.md,
  '@media': {
    [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [media.desktop]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
  },
});

export const inline = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: vars.space.sm });

export const grow = style({ flex: '0 1 320px' });

export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: `${vars.space.sm} ${vars.space.lg}`,
  margin: 0,
  fontSize: vars.fontSize.sm,
});

export const factLabel = style({ color: vars.color.textMuted });

export const factValue = style({ margin: 0, fontWeight: vars.fontWeight.semibold });

export const loadMore = style({ justifySelf: 'center' });

export const link = style({
  color: vars.color.primary,
  fontWeight: vars.fontWeight.medium,
  selectors: { '&:hover': { textDecoration: 'underline' } },
});

export const guide = style({
  display: 'grid',
  gap: vars.space.sm,
  margin: 0,
  paddingLeft: vars.space.lg,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

/** A main column with a narrower aside beside it on desktop. */
export const withAside = style({
  display: 'grid',
  gap: vars.space.xl,
  alignItems: 'start',
  '@media': { [media.desktop]: { gridTemplateColumns: 'minmax(0, 2fr) minmax(260px, 1fr)' } },
});

export const logEntry = style({
  display: 'grid',
  gap: vars.space.xxs,
  paddingBottom: vars.space.md,
  borderBottom: `1px solid ${vars.color.border}`,
  fontSize: vars.fontSize.sm,
});

export const preview = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  padding: vars.space.md,
  background: vars.color.surfaceMuted,
  borderRadius: vars.radius.md,
});

export const fieldset = style({
  display: 'grid',
  gap: vars.space.md,
  margin: 0,
  padding: vars.space.lg,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  minWidth: 0,
});

export const legend = style({ padding: `0 ${vars.space.xs}`, fontWeight: vars.fontWeight.semibold });
