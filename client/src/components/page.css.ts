import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

/** A page's sections in one column that never grows past the screen: what is too wide gives way inside it. */
export const stack = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: vars.space.xl });

export const header = style({ display: 'grid', gap: vars.space.xs });

/** A page's header beside its actions (Log Out, New Message…), which wrap under it on narrow screens. */
export const titleBar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: vars.space.lg,
});

export const title = style({
  fontSize: vars.fontSize.xxl,
  fontWeight: vars.fontWeight.bold,
  letterSpacing: '-0.02em',
});

export const lead = style({ color: vars.color.textMuted });

export const backLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  justifySelf: 'start',
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.primary,
  outline: 'none',
  borderRadius: vars.radius.sm,
  selectors: {
    '&:hover': { textDecoration: 'underline' },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});
