import { keyframes, style } from '@vanilla-extract/css';
import { media } from '../styles/media.ts';
import { vars } from '../styles/theme.css.ts';
import { truncate } from '../styles/utilities.css.ts';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const headerActions = style({ display: 'flex', gap: vars.space.sm });

export const spinning = style({
  animation: `${spin} 0.9s linear infinite`,
  '@media': { [media.reducedMotion]: { animation: 'none' } },
});

/** List beside the opened message on desktop; on smaller screens the opened message takes the list's place. */
export const layout = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.xl,
  alignItems: 'start',
  '@media': { [media.desktop]: { gridTemplateColumns: 'minmax(0, 5fr) minmax(0, 6fr)' } },
});

/** Also a grid (the tabs), whose one column may shrink below its rows' text. */
export const boxes = style({
  minWidth: 0,
  gridTemplateColumns: 'minmax(0, 1fr)',
  selectors: { [`${layout}[data-open] &`]: { display: 'none' } },
  '@media': { [media.desktop]: { selectors: { [`${layout}[data-open] &`]: { display: 'grid' } } } },
});

export const tabCount = style({
  minWidth: '20px',
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.full,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: '20px',
  textAlign: 'center',
});

export const listWrap = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: vars.space.md });

/** Not focused itself (its rows are), so no focus ring of its own. */
export const list = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  overflow: 'hidden',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
});

export const row = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderBottom: `1px solid ${vars.color.border}`,
  cursor: 'pointer',
  outline: 'none',
  transition: `background-color ${vars.duration.fast}`,
  selectors: {
    '&:last-child': { borderBottom: 'none' },
    '&:hover': { background: vars.color.surfaceMuted },
    '&[data-unread]': { background: '#f7f7ff' },
    '&[aria-selected="true"]': { background: vars.color.primarySoft, boxShadow: `inset 3px 0 0 ${vars.color.primary}` },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '-2px' },
  },
});

export const rowBody = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.xxs,
  flex: 1,
  minWidth: 0,
});

export const rowTop = style({ display: 'flex', alignItems: 'baseline', gap: vars.space.sm });

export const rowName = style([
  truncate,
  {
    flex: 1,
    fontSize: vars.fontSize.sm,
    fontWeight: vars.fontWeight.medium,
    selectors: { [`${row}[data-unread] &`]: { fontWeight: vars.fontWeight.bold } },
  },
]);

export const rowTime = style({ flexShrink: 0, fontSize: vars.fontSize.xs, color: vars.color.textMuted });

export const rowBottom = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm });

export const preview = style([
  truncate,
  {
    flex: 1,
    fontSize: vars.fontSize.sm,
    color: vars.color.textMuted,
    selectors: { [`${row}[data-unread] &`]: { color: vars.color.text } },
  },
]);

export const rowIcon = style({ flexShrink: 0, color: vars.color.textMuted });

export const readIcon = style({ flexShrink: 0, color: vars.color.success });

export const newBadge = style({
  flexShrink: 0,
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  borderRadius: vars.radius.full,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: 1.2,
});

export const loadOlder = style({ justifySelf: 'center' });

export const empty = style({
  display: 'grid',
  justifyItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.xxxl} ${vars.space.lg}`,
  color: vars.color.textMuted,
  textAlign: 'center',
  background: vars.color.surface,
  border: `1px dashed ${vars.color.borderStrong}`,
  borderRadius: vars.radius.lg,
});

export const failed = style([
  empty,
  { borderStyle: 'solid', borderColor: '#fecaca', color: vars.color.text, gap: vars.space.md },
]);

export const failedTitle = style({
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.danger,
});

const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.sm,
});

export const placeholder = style([
  card,
  {
    display: 'none',
    placeContent: 'center',
    justifyItems: 'center',
    gap: vars.space.sm,
    minHeight: '240px',
    padding: vars.space.xl,
    color: vars.color.textMuted,
    textAlign: 'center',
    '@media': { [media.desktop]: { display: 'grid' } },
  },
]);

export const detail = style([
  card,
  {
    display: 'grid',
    gap: vars.space.lg,
    padding: vars.space.xl,
    '@media': { [media.desktop]: { position: 'sticky', top: `calc(${vars.size.header} + ${vars.space.xl})` } },
  },
]);

export const detailHeader = style({ display: 'flex', alignItems: 'flex-start', gap: vars.space.md });

export const detailMeta = style({ display: 'grid', gap: vars.space.xxs, flex: 1, minWidth: 0 });

export const detailTitle = style({
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
  overflowWrap: 'anywhere',
});

export const muted = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const attachment = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.md,
  padding: vars.space.md,
  background: vars.color.surfaceMuted,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});

export const attachmentIcon = style({ flexShrink: 0, color: vars.color.primary });

export const attachmentText = style({ display: 'grid', flex: 1, minWidth: '160px' });

export const attachmentLabel = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.semibold });

export const inviteLink = style({
  color: vars.color.primary,
  fontWeight: vars.fontWeight.medium,
  overflowWrap: 'anywhere',
  textDecoration: 'underline',
});

export const attachmentUrl = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  overflowWrap: 'anywhere',
});

export const detailActions = style({ display: 'flex', justifyContent: 'flex-end', gap: vars.space.sm });
