import { style } from '@vanilla-extract/css';
import { media } from '../styles/media.ts';
import { vars } from '../styles/theme.css.ts';

export { card, cardHeading, cardTitle, muted } from '../components/card.css.ts';

export const layout = style({
  display: 'grid',
  gap: vars.space.xl,
  alignItems: 'start',
  '@media': { [media.desktop]: { gridTemplateColumns: 'minmax(0, 1fr) 300px' } },
});

export const balanceCard = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.lg,
  padding: vars.space.xl,
  borderRadius: vars.radius.xl,
  color: vars.color.onPrimary,
  background: `linear-gradient(135deg, ${vars.color.primary}, ${vars.color.accent})`,
  boxShadow: vars.shadow.md,
});

export const balanceLabel = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.medium, opacity: 0.9 });

export const balanceAmount = style({
  display: 'flex',
  alignItems: 'baseline',
  gap: vars.space.sm,
  fontSize: vars.fontSize.display,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
  letterSpacing: '-0.02em',
});

export const balanceUnit = style({ fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.semibold });

export const balanceNote = style({ fontSize: vars.fontSize.sm, opacity: 0.9 });

export const balanceIcon = style({
  display: 'none',
  placeItems: 'center',
  width: '64px',
  height: '64px',
  borderRadius: vars.radius.full,
  background: 'rgba(255, 255, 255, 0.16)',
  '@media': { [media.tablet]: { display: 'grid' } },
});

export const reasonTitle = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.semibold });

export const notice = style({
  display: 'grid',
  justifyItems: 'start',
  gap: vars.space.md,
  padding: vars.space.xl,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
});

export const errorText = style({ color: vars.color.danger, fontWeight: vars.fontWeight.medium });

export const historyFooter = style({ display: 'grid', justifyItems: 'center', gap: vars.space.sm });

export const viewAll = style({ justifySelf: 'center' });
