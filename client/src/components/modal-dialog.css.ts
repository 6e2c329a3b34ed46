import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

export const overlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: vars.zIndex.popover,
  display: 'grid',
  placeItems: 'center',
  padding: vars.space.lg,
  background: vars.color.overlay,
});

const modalBase = style({
  width: '100%',
  maxHeight: 'calc(100dvh - 32px)',
  overflowY: 'auto',
  background: vars.color.surface,
  borderRadius: vars.radius.xl,
  boxShadow: vars.shadow.lg,
  outline: 'none',
});

export const modal = styleVariants({
  md: [modalBase, { maxWidth: '460px' }],
  lg: [modalBase, { maxWidth: '640px' }],
});

export const dialog = style({ display: 'grid', gap: vars.space.lg, padding: vars.space.xl, outline: 'none' });

export const title = style({ fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.bold });

export const actions = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: vars.space.sm });
