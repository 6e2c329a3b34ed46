import { style } from '@vanilla-extract/css';
import { cardBody, surface } from '../components/card.css.ts';
import { iconTile } from '../components/feature-list.css.ts';
import { media } from '../styles/media.ts';
import { vars } from '../styles/theme.css.ts';

export const layout = style({
  display: 'grid',
  gap: vars.space.xl,
  alignItems: 'stretch',
  maxWidth: '1040px',
  width: '100%',
  margin: '0 auto',
  '@media': { [media.desktop]: { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)' } },
});

/** The auth screens' cards stand alone on the page, so they breathe more from tablet width up. */
export const card = style([
  surface,
  cardBody,
  { padding: vars.space.xl, '@media': { [media.tablet]: { padding: vars.space.xxl } } },
]);

export const header = style({ display: 'grid', gap: vars.space.xs });

export const brandMark = style({
  display: 'grid',
  placeItems: 'center',
  width: '44px',
  height: '44px',
  marginBottom: vars.space.sm,
  borderRadius: vars.radius.md,
  color: vars.color.onPrimary,
  background: `linear-gradient(135deg, ${vars.color.primary}, ${vars.color.accent})`,
});

export const title = style({ fontSize: vars.fontSize.xxl, fontWeight: vars.fontWeight.bold, letterSpacing: '-0.02em' });

export const lead = style({ color: vars.color.textMuted });

export const banner = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  padding: vars.space.md,
  fontSize: vars.fontSize.sm,
  color: vars.color.dangerHover,
  background: '#fef2f2',
  border: `1px solid #fecaca`,
  borderRadius: vars.radius.md,
});

export const promo = style({
  display: 'none',
  alignContent: 'center',
  gap: vars.space.xl,
  padding: vars.space.xxl,
  borderRadius: vars.radius.xl,
  color: vars.color.onPrimary,
  background: `linear-gradient(150deg, ${vars.color.primary} 0%, ${vars.color.accent} 100%)`,
  boxShadow: vars.shadow.md,
  '@media': { [media.desktop]: { display: 'grid' } },
});

export const promoTitle = style({
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
});

export const highlightIcon = style([iconTile, { background: 'rgba(255, 255, 255, 0.16)' }]);

export const highlightTitle = style({ display: 'block', fontWeight: vars.fontWeight.semibold });

export const highlightText = style({ display: 'block', fontSize: vars.fontSize.sm, opacity: 0.88 });
