import { style } from '@vanilla-extract/css';
import { media } from '../styles/media.ts';
import { vars } from '../styles/theme.css.ts';

export const page = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: vars.space.xl, minWidth: 0 });

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

export const adminActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

/** The author beside the thread on wide screens, above it on narrow ones. */
export const article = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.xl,
  '@media': { [media.desktop]: { gridTemplateColumns: '240px minmax(0, 1fr)', alignItems: 'start' } },
});

export const main = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: vars.space.lg, minWidth: 0 });

export const title = style({
  fontSize: vars.fontSize.xxl,
  fontWeight: vars.fontWeight.bold,
  letterSpacing: '-0.02em',
  lineHeight: vars.lineHeight.tight,
  overflowWrap: 'anywhere',
});

export const meta = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const categoryLink = style({
  display: 'inline-flex',
  justifySelf: 'start',
  alignItems: 'center',
  gap: vars.space.xxs,
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  borderRadius: vars.radius.full,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.primarySoftText,
  background: vars.color.primarySoft,
  textDecoration: 'none',
  outline: 'none',
  selectors: {
    '&:hover': { textDecoration: 'underline' },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});

export const content = style({ fontSize: vars.fontSize.md });

export const loadingTitle = style({ display: 'grid', gap: vars.space.md });
