import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

export const form = style({ display: 'grid', gap: vars.space.lg, paddingTop: vars.space.sm });

/** 'or' between the password form and the other way of signing in, on a hairline. */
export const divider = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  selectors: {
    '&::before, &::after': { content: '""', flex: 1, borderTop: `1px solid ${vars.color.border}` },
  },
});

/** The Login tab: the password form, then the passkey. */
export const loginPanel = style({ display: 'grid', gap: vars.space.lg });

export const alternatives = style({ display: 'grid', gap: vars.space.md });

/** The second step of a sign-in, in the place of the Login and Register tabs. */
export const step = style({ display: 'grid', gap: vars.space.lg });

export const stepHeading = style({ display: 'grid', gap: vars.space.xs });

export const stepTitle = style({
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
  outline: 'none',
});

export const muted = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });

/** A choice between ways that is not a main action: said as a link, a button for the keyboard and screen readers. */
export const textButton = style({
  justifySelf: 'start',
  padding: 0,
  border: 'none',
  background: 'none',
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.primary,
  cursor: 'pointer',
  outline: 'none',
  borderRadius: vars.radius.sm,
  selectors: {
    '&:hover': { textDecoration: 'underline' },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
    '&:disabled': { opacity: 0.55, cursor: 'not-allowed' },
  },
});

export const links = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: `${vars.space.sm} ${vars.space.lg}`,
});

export const problem = style({ fontSize: vars.fontSize.sm, color: vars.color.danger });
