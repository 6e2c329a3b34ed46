import { style, styleVariants } from '@vanilla-extract/css';
import { media } from '../styles/media.ts';
import { vars } from '../styles/theme.css.ts';

export const card = style({
  display: 'grid',
  gap: vars.space.lg,
  alignContent: 'start',
  padding: vars.space.xl,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.xl,
  boxShadow: vars.shadow.sm,
  minWidth: 0,
});

export const cardHeader = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space.md,
});

export const cardHeading = style({ display: 'grid', gap: vars.space.xxs });

export const cardTitle = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
});

export const muted = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });

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

/**
 * Tables are tables from tablet width up; on a phone each row becomes a card whose cells are labelled
 * (`data-label`), so nothing has to scroll sideways.
 */
const tablet = media.tablet;

export const tableWrap = style({
  '@media': {
    [tablet]: { overflowX: 'auto', border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.lg },
  },
});

export const table = style({
  display: 'block',
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: vars.fontSize.sm,
  '@media': { [tablet]: { display: 'table' } },
});

export const thead = style({
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  '@media': { [tablet]: { position: 'static', width: 'auto', height: 'auto', overflow: 'visible', clip: 'auto' } },
});

export const tbody = style({
  display: 'grid',
  gap: vars.space.md,
  '@media': { [tablet]: { display: 'table-row-group' } },
});

export const tr = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.xs,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  '@media': { [tablet]: { display: 'table-row', padding: 0, border: 'none' } },
});

export const th = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  textAlign: 'left',
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
  color: vars.color.textMuted,
  background: vars.color.surfaceMuted,
  whiteSpace: 'nowrap',
});

export const td = style({
  display: 'grid',
  gridTemplateColumns: '80px minmax(0, 1fr)',
  alignItems: 'center',
  justifyItems: 'start',
  gap: vars.space.sm,
  selectors: {
    '&::before': {
      content: 'attr(data-label)',
      fontSize: vars.fontSize.xs,
      fontWeight: vars.fontWeight.semibold,
      textTransform: 'uppercase',
      letterSpacing: '0.04em',
      color: vars.color.textMuted,
    },
    '&:first-child': { gridTemplateColumns: 'minmax(0, 1fr)', justifyItems: 'stretch' },
    '&:first-child::before': { display: 'none' },
  },
  '@media': {
    [tablet]: {
      display: 'table-cell',
      padding: vars.space.md,
      borderTop: `1px solid ${vars.color.border}`,
      verticalAlign: 'middle',
      selectors: { '&::before': { display: 'none' } },
    },
  },
});

export const nowrap = style({ whiteSpace: 'nowrap' });

export const person = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  '@media': { [media.tablet]: { minWidth: '200px' } },
});

export const personText = style({ display: 'grid', gap: vars.space.xxs, minWidth: 0 });

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

export const truncate = style({ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });

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

const badgeBase = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  borderRadius: vars.radius.full,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  whiteSpace: 'nowrap',
});

export const badge = styleVariants({
  admin: [badgeBase, { background: vars.color.accentSoft, color: vars.color.accent }],
  moderator: [badgeBase, { background: vars.color.infoSoft, color: vars.color.info }],
  banned: [badgeBase, { background: vars.color.dangerSoft, color: vars.color.danger }],
  muted: [badgeBase, { background: vars.color.coinSoft, color: vars.color.coinText }],
  active: [badgeBase, { background: vars.color.successSoft, color: vars.color.success }],
  premium: [badgeBase, { background: vars.color.coinSoft, color: vars.color.coinText }],
  pending: [badgeBase, { background: vars.color.infoSoft, color: vars.color.info }],
  neutral: [badgeBase, { background: vars.color.surfaceMuted, color: vars.color.text }],
});

export const list = style({ display: 'grid', gap: vars.space.md, listStyle: 'none', margin: 0, padding: 0 });

export const item = style({
  display: 'grid',
  gap: vars.space.sm,
  padding: vars.space.lg,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  minWidth: 0,
});

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

export const footer = style({ display: 'flex', justifyContent: 'center' });

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
