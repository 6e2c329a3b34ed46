import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

export const field = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: vars.space.xs });

export const label = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.medium });

export const trigger = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  width: '100%',
  height: '42px',
  padding: `0 ${vars.space.md}`,
  fontSize: vars.fontSize.md,
  color: vars.color.text,
  background: vars.color.surface,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  cursor: 'pointer',
  outline: 'none',
  transition: `border-color ${vars.duration.fast}, box-shadow ${vars.duration.fast}`,
  selectors: {
    '&[data-focus-visible], &[data-pressed]': {
      borderColor: vars.color.focusRing,
      boxShadow: `0 0 0 3px ${vars.color.primarySoft}`,
    },
    '&[data-disabled]': { background: vars.color.surfaceMuted, cursor: 'not-allowed' },
  },
});

/** A long choice (a category's name) is cut with an ellipsis: min-width 0 lets it shrink inside the button. */
export const value = style({
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  selectors: { '&[data-placeholder]': { color: vars.color.textMuted } },
});

export const description = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });

export const popover = style({
  zIndex: vars.zIndex.popover,
  minWidth: 'var(--trigger-width)',
  maxWidth: 'calc(100vw - 24px)',
  // The popover's inline max-height bounds it; the options scroll inside instead of drawing past it.
  overflowY: 'auto',
  overscrollBehavior: 'contain',
  padding: vars.space.xs,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.lg,
  outline: 'none',
});

export const listBox = style({ display: 'grid', gap: vars.space.xxs, outline: 'none' });

export const option = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  fontSize: vars.fontSize.sm,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-focused]': { background: vars.color.surfaceMuted },
    '&[data-selected]': { color: vars.color.primarySoftText, fontWeight: vars.fontWeight.semibold },
  },
});
