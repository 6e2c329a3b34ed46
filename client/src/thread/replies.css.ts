import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

export const list = style({ display: 'grid', gap: vars.space.md, margin: 0, padding: 0, listStyle: 'none' });

export const reply = style({
  display: 'grid',
  gap: vars.space.sm,
  padding: vars.space.lg,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
});

export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  fontSize: vars.fontSize.sm,
});

export const author = style({ fontWeight: vars.fontWeight.semibold });

export const number = style({ marginLeft: 'auto', fontWeight: vars.fontWeight.semibold, color: vars.color.textMuted });

export const form = style({ display: 'grid', gap: vars.space.md });

export const formActions = style({ display: 'flex', justifyContent: 'flex-end' });
