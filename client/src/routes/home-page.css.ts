import { style } from '@vanilla-extract/css';
import { media } from '../styles/media.ts';
import { vars } from '../styles/theme.css.ts';

export const page = style({ display: 'grid', gap: vars.space.xxxl });

export const hero = style({
  display: 'grid',
  gap: vars.space.lg,
  padding: `${vars.space.xxl} ${vars.space.xl}`,
  borderRadius: vars.radius.xl,
  color: vars.color.onPrimary,
  background: `linear-gradient(135deg, ${vars.color.primary} 0%, ${vars.color.accent} 100%)`,
  boxShadow: vars.shadow.md,
  '@media': { [media.tablet]: { padding: `${vars.space.xxxl} ${vars.space.xxxl}` } },
});

export const heroTitle = style({
  maxWidth: '18ch',
  fontSize: vars.fontSize.display,
  fontWeight: vars.fontWeight.bold,
  letterSpacing: '-0.02em',
});

export const heroText = style({ maxWidth: '60ch', fontSize: vars.fontSize.lg, opacity: 0.92 });

export const heroActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md, marginTop: vars.space.sm });

export const section = style({
  display: 'grid',
  gap: vars.space.lg,
  scrollMarginTop: `calc(${vars.size.header} + ${vars.space.lg})`,
  outline: 'none',
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
