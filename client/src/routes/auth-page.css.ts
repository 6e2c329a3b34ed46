import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

export const signedIn = style({
  display: 'grid',
  justifyItems: 'center',
  gap: vars.space.md,
  maxWidth: '420px',
  margin: `${vars.space.xxxl} auto`,
  padding: vars.space.xxl,
  textAlign: 'center',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.xl,
  boxShadow: vars.shadow.sm,
});

export const signedInIcon = style({ color: vars.color.success });

export const signedInTitle = style({ fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.bold });

export const signedInText = style({ color: vars.color.textMuted });
