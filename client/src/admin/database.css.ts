import { keyframes, style } from '@vanilla-extract/css';
import { media } from '../styles/media.ts';
import { vars } from '../styles/theme.css.ts';

export const progress = style({ display: 'grid', gap: vars.space.xs, fontSize: vars.fontSize.sm });

export const progressHead = style({ display: 'flex', justifyContent: 'space-between', gap: vars.space.sm });

export const track = style({
  position: 'relative',
  height: '8px',
  overflow: 'hidden',
  borderRadius: vars.radius.full,
  background: vars.color.surfaceMuted,
});

export const fill = style({
  height: '100%',
  borderRadius: vars.radius.full,
  background: vars.color.primary,
  transition: `width ${vars.duration.normal}`,
});

const slide = keyframes({ from: { transform: 'translateX(-100%)' }, to: { transform: 'translateX(250%)' } });

export const indeterminate = style({
  width: '40%',
  height: '100%',
  borderRadius: vars.radius.full,
  background: vars.color.primary,
  animation: `${slide} 1.2s ease-in-out infinite`,
  '@media': { [media.reducedMotion]: { animation: 'none', width: '100%', opacity: 0.5 } },
});

export const file = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  fontSize: vars.fontSize.sm,
});

export const fileName = style({ fontWeight: vars.fontWeight.semibold, overflowWrap: 'anywhere' });

export const denied = style({ display: 'grid', justifyItems: 'center', gap: vars.space.sm, textAlign: 'center' });

export const deniedIcon = style({ color: vars.color.danger });
