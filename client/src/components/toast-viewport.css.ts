import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { media } from '../styles/media.ts';
import { vars } from '../styles/theme.css.ts';

const enter = keyframes({ from: { opacity: 0, transform: 'translateY(12px)' } });

export const viewport = style({
  position: 'fixed',
  zIndex: vars.zIndex.toast,
  top: `calc(${vars.size.header} + ${vars.space.sm})`,
  right: 0,
  left: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.lg,
  pointerEvents: 'none',
  outline: 'none',
  '@media': {
    [media.tablet]: { top: 'auto', bottom: 0, left: 'auto', width: '420px' },
  },
});

const toastBase = style({
  position: 'relative',
  display: 'grid',
  gap: vars.space.xs,
  padding: `${vars.space.lg} ${vars.space.xxxl} ${vars.space.lg} ${vars.space.lg}`,
  borderRadius: vars.radius.lg,
  border: '1px solid',
  boxShadow: vars.shadow.lg,
  pointerEvents: 'auto',
  touchAction: 'pan-y',
  userSelect: 'none',
  animation: `${enter} ${vars.duration.normal} ease-out`,
});

export const toast = styleVariants({
  default: [toastBase, { background: vars.color.surface, color: vars.color.text, borderColor: vars.color.border }],
  destructive: [
    toastBase,
    { background: vars.color.danger, color: vars.color.onDanger, borderColor: vars.color.danger },
  ],
});

export const settling = style({ transition: `transform ${vars.duration.normal} ease-out` });

export const title = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.semibold });

export const description = style({ fontSize: vars.fontSize.sm, opacity: 0.92 });

export const action = style({
  justifySelf: 'start',
  marginTop: vars.space.xs,
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  border: '1px solid currentColor',
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: 'inherit',
  font: 'inherit',
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  cursor: 'pointer',
});

export const close = style({
  position: 'absolute',
  top: vars.space.sm,
  right: vars.space.sm,
  display: 'grid',
  placeItems: 'center',
  width: '28px',
  height: '28px',
  padding: 0,
  border: 0,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: 'inherit',
  opacity: 0.75,
  cursor: 'pointer',
  selectors: {
    '&:hover, &:focus-visible': { opacity: 1 },
    '&:focus-visible': { outline: '2px solid currentColor' },
  },
});
