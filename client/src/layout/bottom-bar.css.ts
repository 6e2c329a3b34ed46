import { style } from '@vanilla-extract/css';
import { media } from '../styles/media.ts';
import { vars } from '../styles/theme.css.ts';

export const BAR_BACKGROUND = 'rgba(255, 255, 255, 0.96)';

export const bar = style({
  position: 'fixed',
  right: 0,
  bottom: 0,
  left: 0,
  zIndex: vars.zIndex.bottomBar,
  height: `calc(${vars.size.bottomBar} + env(safe-area-inset-bottom))`,
  paddingBottom: 'env(safe-area-inset-bottom)',
  background: BAR_BACKGROUND,
  backdropFilter: 'saturate(180%) blur(8px)',
  borderTop: `1px solid ${vars.color.border}`,
  '@media': { [media.desktop]: { display: 'none' } },
});

export const list = style({
  display: 'flex',
  height: vars.size.bottomBar,
  margin: 0,
  padding: `0 ${vars.space.xs}`,
  listStyle: 'none',
});

export const item = style({ flex: 1, minWidth: 0 });

export const link = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.xxs,
  height: '100%',
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.textMuted,
  outline: 'none',
  selectors: {
    '&[data-current]': { color: vars.color.primary, fontWeight: vars.fontWeight.semibold },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '-4px' },
  },
});
