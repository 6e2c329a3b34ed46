import { style } from '@vanilla-extract/css';
import { media } from '../styles/media.ts';
import { vars } from '../styles/theme.css.ts';

/**
 * One column that never grows past the screen (minmax(0, 1fr)): what is too wide must give way inside it. On
 * phones the sections sit closer, so the first thread shows on the first screen (issue 13, item 16).
 */
export const page = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.xl,
  '@media': { [media.tablet]: { gap: vars.space.xxxl } },
});

export const hero = style({
  display: 'grid',
  gap: vars.space.sm,
  padding: vars.space.lg,
  borderRadius: vars.radius.xl,
  color: vars.color.onPrimary,
  background: `linear-gradient(135deg, ${vars.color.primary} 0%, ${vars.color.accent} 100%)`,
  boxShadow: vars.shadow.md,
  '@media': { [media.tablet]: { gap: vars.space.lg, padding: `${vars.space.xxxl} ${vars.space.xxxl}` } },
});

export const heroTitle = style({
  maxWidth: '18ch',
  fontSize: vars.fontSize.xxl,
  '@media': { [media.tablet]: { fontSize: vars.fontSize.display } },
  fontWeight: vars.fontWeight.bold,
  letterSpacing: '-0.02em',
});

/** Left out on phones, where the first screen belongs to the first thread (the privacy panel below says it too). */
export const heroText = style({
  maxWidth: '60ch',
  fontSize: vars.fontSize.lg,
  opacity: 0.92,
  '@media': { [media.phone]: { display: 'none' } },
});

export const heroActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  marginTop: vars.space.xs,
  '@media': { [media.tablet]: { gap: vars.space.md, marginTop: vars.space.sm } },
});

/** On phones the hero's buttons take the medium size (the selector outweighs the button's own size class). */
export const heroAction = style({
  '@media': {
    [media.phone]: {
      selectors: {
        [`${heroActions} &`]: { height: '40px', padding: `0 ${vars.space.lg}`, fontSize: vars.fontSize.sm },
      },
    },
  },
});

/** Holds the place of the action the session decides, unseen, so nothing below moves when it comes. */
export const heroActionPending = style({ visibility: 'hidden' });

export const section = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.md,
  scrollMarginTop: `calc(${vars.size.header} + ${vars.space.lg})`,
  outline: 'none',
  '@media': { [media.tablet]: { gap: vars.space.lg } },
});

export const sectionTitle = style({ fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.bold });

export const sectionHeader = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
});

export const categoryGrid = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const categoryItem = style({ display: 'grid' });

export const categoryError = style({
  display: 'grid',
  justifyItems: 'center',
  gap: vars.space.md,
  padding: vars.space.xl,
  textAlign: 'center',
  color: vars.color.textMuted,
  border: `1px dashed ${vars.color.borderStrong}`,
  borderRadius: vars.radius.lg,
});

export const categoryErrorTitle = style({ fontWeight: vars.fontWeight.semibold, color: vars.color.danger });

export const categoryCard = style({
  display: 'grid',
  gap: vars.space.md,
  padding: vars.space.xl,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
});

export const features = style({
  display: 'grid',
  gap: vars.space.xl,
  padding: vars.space.xl,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.xl,
  '@media': { [media.tablet]: { padding: vars.space.xxl } },
});

export const featureList = style({
  display: 'grid',
  gap: vars.space.xl,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(3, 1fr)' } },
});

export const feature = style({ display: 'grid', gap: vars.space.sm, alignContent: 'start' });

export const featureIcon = style({
  display: 'grid',
  placeItems: 'center',
  width: '44px',
  height: '44px',
  borderRadius: vars.radius.md,
  background: vars.color.primarySoft,
  color: vars.color.primary,
});

export const featureTitle = style({ fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.semibold });

export const featureText = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });
