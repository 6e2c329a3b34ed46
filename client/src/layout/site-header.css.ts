import { style } from '@vanilla-extract/css';
import { media } from '../styles/media.ts';
import { vars } from '../styles/theme.css.ts';
import { navItem } from './nav-item.css.ts';

export const header = style({
  position: 'sticky',
  top: 0,
  zIndex: vars.zIndex.header,
  height: vars.size.header,
  background: 'rgba(255, 255, 255, 0.92)',
  backdropFilter: 'saturate(180%) blur(8px)',
  borderBottom: `1px solid ${vars.color.border}`,
  transition: `box-shadow ${vars.duration.normal}`,
  selectors: { '&[data-scrolled]': { boxShadow: vars.shadow.md } },
});

export const inner = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  height: '100%',
  padding: `0 ${vars.space.lg}`,
  '@media': { [media.tablet]: { padding: `0 ${vars.space.xl}` } },
});

export const menuToggle = style({ '@media': { [media.desktop]: { display: 'none' } } });

export const brand = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
  letterSpacing: '-0.01em',
  color: vars.color.text,
  outline: 'none',
  borderRadius: vars.radius.sm,
  selectors: { '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '4px' } },
});

export const brandMark = style({
  display: 'grid',
  placeItems: 'center',
  width: '32px',
  height: '32px',
  borderRadius: vars.radius.md,
  color: vars.color.onPrimary,
  background: `linear-gradient(135deg, ${vars.color.primary}, ${vars.color.accent})`,
});

export const nav = style({
  display: 'none',
  alignItems: 'center',
  gap: vars.space.xs,
  marginLeft: vars.space.xl,
  '@media': { [media.tablet]: { display: 'flex' } },
});

export const navLink = style([
  navItem,
  { padding: `${vars.space.sm} ${vars.space.md}`, selectors: { '&[data-focus-visible]': { outlineOffset: '2px' } } },
]);

export const actions = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, marginLeft: 'auto' });

export const coinBalance = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  height: '32px',
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.full,
  background: vars.color.coinSoft,
  color: vars.color.coinText,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  whiteSpace: 'nowrap',
});

export const coinIcon = style({ color: vars.color.coin });
