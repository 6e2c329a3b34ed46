import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

export const screen = style({
  display: 'grid',
  placeItems: 'center',
  minHeight: '60vh',
  padding: vars.space.xl,
});

export const card = style({
  display: 'grid',
  justifyItems: 'center',
  gap: vars.space.md,
  maxWidth: '480px',
  padding: vars.space.xxl,
  textAlign: 'center',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.xl,
  boxShadow: vars.shadow.md,
});

export const icon = style({ color: vars.color.danger });

export const title = style({ fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.bold });

export const body = style({ color: vars.color.textMuted });

export const detail = style({
  width: '100%',
  padding: vars.space.md,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
  background: vars.color.surfaceMuted,
  borderRadius: vars.radius.md,
  overflowWrap: 'anywhere',
});

export const actions = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: vars.space.sm });

export const mutedIcon = style({ color: vars.color.primary });
