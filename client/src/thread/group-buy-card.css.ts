import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

export const header = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: vars.space.sm });

export const progress = style({ display: 'grid', gap: vars.space.xs });

export const progressLabel = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
});

export const track = style({
  display: 'block',
  height: '12px',
  overflow: 'hidden',
  borderRadius: vars.radius.full,
  background: vars.color.surfaceMuted,
});

export const fill = style({
  display: 'block',
  height: '100%',
  borderRadius: vars.radius.full,
  background: `linear-gradient(90deg, ${vars.color.primary}, ${vars.color.accent})`,
  transition: `width ${vars.duration.normal} ease-out`,
});

/** The bar's colour says how it stands: filling, complete, or ended without filling. */
export const fillOf = {
  open: fill,
  completed: style([fill, { background: vars.color.success }]),
  expired: style([fill, { background: vars.color.coinText, opacity: 0.6 }]),
  cancelled: style([fill, { background: vars.color.danger, opacity: 0.6 }]),
} as const;

export const deadline = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  fontVariantNumeric: 'tabular-nums',
});

/** The unlocked content: the organiser's own line breaks, long links wrapped inside the card. */
export const unlocked = style({
  margin: 0,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
});
