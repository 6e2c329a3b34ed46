import { style } from '@vanilla-extract/css';
import { media } from '../styles/media.ts';
import { vars } from '../styles/theme.css.ts';

export const trigger = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  height: '40px',
  padding: `0 ${vars.space.sm} 0 ${vars.space.xs}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.full,
  background: vars.color.surface,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered], &[data-pressed]': { background: vars.color.surfaceMuted },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});

export const triggerName = style({
  display: 'none',
  maxWidth: '140px',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  '@media': { [media.tablet]: { display: 'inline' } },
});

export const popover = style({
  minWidth: '220px',
  padding: vars.space.xs,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.lg,
  outline: 'none',
});

export const menu = style({ outline: 'none' });

export const identity = style({ display: 'grid', padding: `${vars.space.sm} ${vars.space.md}` });

export const name = style({ fontWeight: vars.fontWeight.semibold });

export const role = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });

export const separator = style({ height: '1px', margin: `${vars.space.xs} 0`, background: vars.color.border });

export const item = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
  cursor: 'pointer',
  outline: 'none',
  selectors: { '&[data-focused]': { background: vars.color.surfaceMuted } },
});
