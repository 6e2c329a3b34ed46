import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.lg,
  padding: vars.space.xl,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.xl,
  boxShadow: vars.shadow.sm,
});

export const icon = style({
  display: 'grid',
  placeItems: 'center',
  width: '56px',
  height: '56px',
  borderRadius: vars.radius.lg,
});

export const heading = style({ display: 'grid', gap: vars.space.xs, flex: '1 1 240px', minWidth: 0 });

export const premium = style({ justifySelf: 'start' });

export const error = style({
  display: 'grid',
  gap: vars.space.sm,
  padding: vars.space.xl,
  background: vars.color.surface,
  border: `1px solid ${vars.color.dangerSoft}`,
  borderRadius: vars.radius.lg,
});

export const errorTitle = style({
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.danger,
});

export const more = style({ justifySelf: 'center' });
