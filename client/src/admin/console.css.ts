import { globalStyle, style } from '@vanilla-extract/css';
import { statement, surface } from '../components/card.css.ts';
import { softIconTile } from '../components/feature-list.css.ts';
import { stack } from '../components/page.css.ts';
import { segments } from '../components/tabs.css.ts';
import { media } from '../styles/media.ts';
import { vars } from '../styles/theme.css.ts';
import { visuallyHiddenRules } from '../styles/utilities.css.ts';

/** The console's page: its sections closer together on phones. */
export const page = style([stack, { '@media': { [media.phone]: { gap: vars.space.lg } } }]);

/**
 * On phones the title bar takes two rows, Back to Forum beside the time range and the title under them, and the
 * description is left out: the first screen is kept for the tables (issue 13, item 17).
 */
export const titleBar = style({
  '@media': {
    [media.phone]: {
      display: 'grid',
      gridTemplateColumns: 'minmax(0, 1fr) auto',
      alignItems: 'center',
      gap: `${vars.space.xs} ${vars.space.md}`,
    },
  },
});

export const heading = style({
  display: 'grid',
  gap: vars.space.xs,
  '@media': { [media.phone]: { display: 'contents' } },
});

export const back = style({ '@media': { [media.phone]: { gridRow: 1, gridColumn: 1 } } });

export const title = style({ '@media': { [media.phone]: { gridRow: 2, gridColumn: '1 / -1' } } });

export const lead = style({ '@media': { [media.phone]: { display: 'none' } } });

/** The range's label is for screen readers only on phones; the choice itself ('Last 7 days') says what it is. */
export const rangeLabel = style({ '@media': { [media.phone]: visuallyHiddenRules } });

export const range = style({
  width: '200px',
  '@media': { [media.phone]: { gridRow: 1, gridColumn: 2, width: '150px' } },
});

/** Four cards from tablet width up; on phones a compact strip of label and figure, two by two. */
export const stats = style({
  margin: 0,
  display: 'grid',
  gap: vars.space.sm,
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  '@media': {
    [media.tablet]: { gap: vars.space.md },
    [media.desktop]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
  },
});

export const stat = style({
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  gap: vars.space.xs,
  padding: vars.space.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.sm,
  minWidth: 0,
  '@media': {
    [media.phone]: { alignItems: 'baseline', padding: `${vars.space.sm} ${vars.space.md}`, boxShadow: 'none' },
  },
});

globalStyle(`${stat} dd`, { margin: 0 });

export const statLabel = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  fontWeight: vars.fontWeight.medium,
});

export const statIcon = style([softIconTile, { gridRow: 'span 2' }]);

// Hidden on phones through the card's class too: the icon tile's own display rule may load later and would win.
globalStyle(`${stat} ${statIcon}`, { '@media': { [media.phone]: { display: 'none' } } });

export const statValue = style({
  fontSize: vars.fontSize.md,
  '@media': { [media.tablet]: { fontSize: vars.fontSize.xl } },
  fontWeight: vars.fontWeight.bold,
  fontVariantNumeric: 'tabular-nums',
});

/** The range's change under each figure; on phones only screen readers get it, the strip stays one line a figure. */
export const statNote = style({
  gridColumn: '1 / -1',
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  '@media': { [media.phone]: visuallyHiddenRules },
});

export const nav = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: vars.space.sm });

/** The segmented tab list, hugging its tabs from tablet width up; on a narrow phone it scrolls sideways. */
export const tabBar = style([
  segments,
  {
    gridAutoColumns: 'minmax(max-content, 1fr)',
    overflowX: 'auto',
    '@media': { [media.tablet]: { justifySelf: 'start', gridAutoColumns: 'minmax(140px, auto)' } },
  },
]);

/** On phones the six tool chips fold away behind this button; from tablet width up they are always shown. */
export const toolsToggle = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifySelf: 'start',
  gap: vars.space.xs,
  height: '36px',
  padding: `0 ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.full,
  background: vars.color.surface,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.text,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
  '@media': { [media.tablet]: { display: 'none' } },
});

globalStyle(`${toolsToggle}[aria-expanded="true"] > svg:last-child`, { transform: 'rotate(180deg)' });

export const tools = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
  '@media': { [media.phone]: { selectors: { '&:not([data-open])': { display: 'none' } } } },
});

export const toolsLabel = style({
  marginRight: vars.space.xs,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
  color: vars.color.textMuted,
  '@media': { [media.phone]: { display: 'none' } },
});

export const tool = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  height: '30px',
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.full,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  outline: 'none',
  selectors: {
    '&:hover': { color: vars.color.text, borderColor: vars.color.borderStrong },
    '&[data-current]': {
      color: vars.color.primarySoftText,
      background: vars.color.primarySoft,
      borderColor: vars.color.primarySoft,
    },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});

export const count = style({
  display: 'inline-grid',
  placeItems: 'center',
  minWidth: '20px',
  height: '20px',
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.full,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.onDanger,
  background: vars.color.danger,
});

/** In the console's place for staff who have no second factor yet (issue #27). */
export const factorGate = style([
  surface,
  statement,
  {
    maxWidth: '520px',
    width: '100%',
    margin: `${vars.space.xxl} auto`,
    '@media': { [media.phone]: { padding: vars.space.xl } },
  },
]);

export const factorGateIcon = style({ color: vars.color.coin });

export const factorGateText = style({ color: vars.color.textMuted });
