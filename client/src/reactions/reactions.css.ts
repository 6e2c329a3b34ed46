import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

/** The bar wraps on a phone rather than widening its post; a fieldset (a group) without a fieldset's frame. */
export const bar = style({
  display: 'inline-flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
  minWidth: 0,
  margin: 0,
  padding: 0,
  border: 'none',
  verticalAlign: 'middle',
});

export const chipHolder = style({ position: 'relative', display: 'inline-flex' });

export const chip = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  minHeight: '2rem',
  padding: `0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.full,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  cursor: 'pointer',
  selectors: {
    '&:hover': { borderColor: vars.color.borderStrong },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
    '&[aria-pressed="true"]': {
      borderColor: vars.color.primary,
      background: vars.color.primarySoft,
      color: vars.color.primarySoftText,
      fontWeight: vars.fontWeight.semibold,
    },
  },
});

export const emoji = style({ fontSize: vars.fontSize.md, lineHeight: 1 });

/** Who reacted: under its chip, kept inside a phone's width. */
export const who = style({
  position: 'absolute',
  top: 'calc(100% + 4px)',
  left: 0,
  zIndex: vars.zIndex.popover,
  width: 'max-content',
  maxWidth: 'min(16rem, 70vw)',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  background: vars.color.tooltip,
  color: vars.color.onTooltip,
  fontSize: vars.fontSize.xs,
  overflowWrap: 'anywhere',
  boxShadow: vars.shadow.md,
});

export const picker = style({
  display: 'flex',
  gap: vars.space.xxs,
  padding: vars.space.xs,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.full,
  background: vars.color.surface,
  boxShadow: vars.shadow.lg,
  outline: 'none',
});

export const pickerChoice = style([
  chip,
  { border: 'none', minWidth: '2.5rem', minHeight: '2.5rem', justifyContent: 'center', fontSize: vars.fontSize.lg },
]);
