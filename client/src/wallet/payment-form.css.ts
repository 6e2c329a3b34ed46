import { style } from '@vanilla-extract/css';
import { media } from '../styles/media.ts';
import { vars } from '../styles/theme.css.ts';

export const form = style({ display: 'grid', gap: vars.space.xl });

export const group = style({ display: 'grid', gap: vars.space.md });

export const legend = style({ fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.semibold });

export const packages = style({
  display: 'grid',
  gap: vars.space.md,
  '@media': {
    [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [media.desktop]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
  },
});

export const currencies = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space.md,
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' } },
});

const choice = style({
  position: 'relative',
  display: 'grid',
  alignContent: 'start',
  gap: vars.space.xs,
  padding: vars.space.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.lg,
  cursor: 'pointer',
  outline: 'none',
  transition: `border-color ${vars.duration.fast}, box-shadow ${vars.duration.fast}, background-color ${vars.duration.fast}`,
  // A card is its radio's label: its states are the radio's (checked, focused by keyboard) and its group's.
  selectors: {
    '&:hover': { borderColor: vars.color.primary },
    '&:has(:checked)': {
      borderColor: vars.color.primary,
      background: vars.color.primarySoft,
      boxShadow: `0 0 0 1px ${vars.color.primary}`,
    },
    '&:has(:focus-visible)': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
    '[aria-invalid="true"] &': { borderColor: vars.color.danger },
  },
});

export const packageCard = style([choice, { minHeight: '136px' }]);

export const currencyCard = style([choice, { justifyItems: 'start' }]);

export const choiceTop = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

export const packageName = style({ fontWeight: vars.fontWeight.semibold });

export const saveBadge = style({
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  borderRadius: vars.radius.full,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.success,
  background: vars.color.successSoft,
});

export const coins = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.coinText,
});

export const price = style({ fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.semibold });

export const description = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const symbol = style({ fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.bold });

export const error = style({ fontSize: vars.fontSize.sm, color: vars.color.danger });

export const estimate = style({
  display: 'grid',
  gap: vars.space.xxs,
  padding: vars.space.lg,
  background: vars.color.surfaceMuted,
  borderRadius: vars.radius.lg,
});

export const estimateAmount = style({ fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.bold });

export const submit = style({ justifySelf: 'stretch', '@media': { [media.tablet]: { justifySelf: 'end' } } });
