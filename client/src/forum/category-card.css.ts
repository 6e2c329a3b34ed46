import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

export const card = style({
  display: 'grid',
  gridTemplateRows: 'auto auto 1fr auto',
  gap: vars.space.sm,
  height: '100%',
  padding: vars.space.xl,
  color: vars.color.text,
  textDecoration: 'none',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.sm,
  outline: 'none',
  transition: `border-color ${vars.duration.fast}, box-shadow ${vars.duration.fast}`,
  selectors: {
    '&:hover': { borderColor: vars.color.borderStrong, boxShadow: vars.shadow.md },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});

export const top = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

export const icon = style({
  display: 'grid',
  placeItems: 'center',
  width: '44px',
  height: '44px',
  borderRadius: vars.radius.md,
});

export const name = style({ fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.semibold });

export const description = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const footer = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: vars.space.xs,
  paddingTop: vars.space.sm,
  borderTop: `1px solid ${vars.color.border}`,
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
});

export const count = style({ fontWeight: vars.fontWeight.semibold, color: vars.color.text });
