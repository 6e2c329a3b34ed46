import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

export const bell = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '40px',
  height: '40px',
  flexShrink: 0,
  border: 'none',
  borderRadius: vars.radius.full,
  background: 'transparent',
  color: vars.color.text,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered], &[data-pressed]': { background: vars.color.surfaceMuted },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});

export const count = style({
  position: 'absolute',
  top: '2px',
  right: '0',
  minWidth: '18px',
  height: '18px',
  padding: '0 5px',
  borderRadius: vars.radius.full,
  background: vars.color.danger,
  color: vars.color.onDanger,
  fontSize: '0.6875rem',
  fontWeight: vars.fontWeight.bold,
  lineHeight: '18px',
  textAlign: 'center',
  fontVariantNumeric: 'tabular-nums',
  boxShadow: `0 0 0 2px ${vars.color.surface}`,
});

export const popover = style({
  width: 'min(360px, calc(100vw - 16px))',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.lg,
  outline: 'none',
});

export const panel = style({ outline: 'none', maxHeight: 'min(480px, 70vh)', overflowY: 'auto' });

export const panelHeader = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const title = style({ margin: 0, fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.semibold });

export const markAll = style({
  border: 'none',
  background: 'transparent',
  color: vars.color.primary,
  fontSize: vars.fontSize.sm,
  cursor: 'pointer',
  padding: vars.space.xs,
  borderRadius: vars.radius.sm,
  outline: 'none',
  selectors: {
    '&[data-disabled]': { color: vars.color.textMuted, cursor: 'default' },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}` },
  },
});

export const list = style({ listStyle: 'none', margin: 0, padding: vars.space.xs });

export const item = style({
  display: 'grid',
  gap: '2px',
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  color: vars.color.text,
  textDecoration: 'none',
  outline: 'none',
  selectors: {
    '&:hover, &:focus-visible': { background: vars.color.surfaceMuted },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}` },
    '&[data-unread]': { fontWeight: vars.fontWeight.semibold, boxShadow: `inset 3px 0 0 ${vars.color.primary}` },
  },
});

export const text = style({ fontSize: vars.fontSize.sm, overflowWrap: 'anywhere' });

export const time = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted, fontWeight: 'normal' });

export const empty = style({
  margin: 0,
  padding: vars.space.md,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});
