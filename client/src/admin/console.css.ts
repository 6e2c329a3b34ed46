import { globalStyle, style } from '@vanilla-extract/css';
import { softIconTile } from '../components/feature-list.css.ts';
import { segments } from '../components/tabs.css.ts';
import { media } from '../styles/media.ts';
import { vars } from '../styles/theme.css.ts';

export const heading = style({ display: 'grid', gap: vars.space.xs });

export const range = style({ width: '200px' });

export const stats = style({
  margin: 0,
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  '@media': { [media.desktop]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' } },
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
});

globalStyle(`${stat} dd`, { margin: 0 });

export const statLabel = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  fontWeight: vars.fontWeight.medium,
});

export const statIcon = style([softIconTile, { gridRow: 'span 2' }]);

export const statValue = style({
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  fontVariantNumeric: 'tabular-nums',
});

export const statNote = style({ gridColumn: '1 / -1', fontSize: vars.fontSize.xs, color: vars.color.textMuted });

export const nav = style({ display: 'grid', gap: vars.space.md });

/** The segmented tab list, hugging its tabs from tablet width up. */
export const tabBar = style([
  segments,
  {
    gridAutoColumns: '1fr',
    '@media': { [media.tablet]: { justifySelf: 'start', gridAutoColumns: 'minmax(140px, auto)' } },
  },
]);

export const tools = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
});

export const toolsLabel = style({
  marginRight: vars.space.xs,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
  color: vars.color.textMuted,
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
    '&[data-hovered]': { color: vars.color.text, borderColor: vars.color.borderStrong },
    '&[data-current]': {
      color: vars.color.primarySoftText,
      background: vars.color.primarySoft,
      borderColor: vars.color.primarySoft,
    },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
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
