import { style } from '@vanilla-extract/css';
import { media } from '../styles/media.ts';
import { vars } from '../styles/theme.css.ts';

export const shell = style({ display: 'flex', flexDirection: 'column', minHeight: '100dvh' });

export const body = style({ display: 'flex', flex: 1, alignItems: 'flex-start' });

export const main = style({
  flex: 1,
  minWidth: 0,
  width: '100%',
  maxWidth: vars.size.content,
  margin: '0 auto',
  padding: `${vars.space.xl} ${vars.space.lg} calc(${vars.size.bottomBar} + ${vars.space.xl})`,
  outline: 'none',
  '@media': {
    [media.tablet]: { padding: `${vars.space.xxl} ${vars.space.xl} calc(${vars.size.bottomBar} + ${vars.space.xxl})` },
    [media.desktop]: { padding: `${vars.space.xxl} ${vars.space.xxl}` },
  },
});

export const skipLink = style({
  position: 'absolute',
  zIndex: vars.zIndex.toast,
  top: vars.space.sm,
  left: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  borderRadius: vars.radius.md,
  transform: 'translateY(-200%)',
  selectors: { '&:focus': { transform: 'none' } },
});
