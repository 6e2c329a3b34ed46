import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { media } from '../styles/media.ts';
import { vars } from '../styles/theme.css.ts';
import { navItem } from './nav-item.css.ts';

const fadeIn = keyframes({ from: { opacity: 0 } });
const fadeOut = keyframes({ to: { opacity: 0 } });
const slideIn = keyframes({ from: { transform: 'translateX(-100%)' } });
const slideOut = keyframes({ to: { transform: 'translateX(-100%)' } });

/**
 * The desktop menu's panel: a column as tall as the page, so its white runs down beside the longest page, with the
 * menu sticky inside it (a sticky menu alone is one screen tall, and the page's grey showed beneath it).
 */
export const column = style({
  display: 'none',
  alignSelf: 'stretch',
  flexShrink: 0,
  zIndex: vars.zIndex.sidebar,
  background: vars.color.surface,
  borderRight: `1px solid ${vars.color.border}`,
  '@media': { [media.desktop]: { display: 'block' } },
});

export const desktop = style({
  display: 'flex',
  position: 'sticky',
  top: vars.size.header,
  flexDirection: 'column',
  width: vars.size.sidebar,
  height: `calc(100dvh - ${vars.size.header})`,
  padding: `${vars.space.lg} ${vars.space.md}`,
  overflowY: 'auto',
  transition: `width ${vars.duration.normal} ease`,
  selectors: { '&[data-compact]': { width: vars.size.sidebarCollapsed, paddingInline: vars.space.sm } },
});

export const groups = style({ display: 'grid', alignContent: 'start', gap: vars.space.lg, flex: 1 });

export const group = style({ display: 'grid', gap: vars.space.xxs });

export const groupTitle = style({
  padding: `0 ${vars.space.md} ${vars.space.xs}`,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  letterSpacing: '0.06em',
  textTransform: 'uppercase',
  color: vars.color.textMuted,
});

export const list = style({ display: 'grid', gap: vars.space.xxs, margin: 0, padding: 0, listStyle: 'none' });

export const link = style([
  navItem,
  {
    position: 'relative',
    display: 'flex',
    alignItems: 'center',
    gap: vars.space.md,
    minHeight: '40px',
    padding: `0 ${vars.space.md}`,
    // Inside the entry: the menu's edge would clip a ring drawn outside it.
    selectors: { '&:focus-visible': { outlineOffset: '-2px' } },
  },
]);

export const compactLink = style([link, { justifyContent: 'center', padding: 0 }]);

export const linkIcon = style({ flexShrink: 0 });

export const collapseToggle = style({ marginTop: vars.space.lg, alignSelf: 'flex-end' });

export const compactToggle = style([collapseToggle, { alignSelf: 'center' }]);

export const tooltip = style({
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  background: vars.color.tooltip,
  color: vars.color.onTooltip,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.medium,
  boxShadow: vars.shadow.md,
});

const backdropBase = style({
  position: 'fixed',
  inset: 0,
  zIndex: vars.zIndex.drawer,
  background: vars.color.overlay,
  '@media': { [media.desktop]: { display: 'none' } },
});

export const backdrop = styleVariants({
  open: [backdropBase, { animation: `${fadeIn} ${vars.duration.drawer} ease-out` }],
  closing: [backdropBase, { animation: `${fadeOut} ${vars.duration.drawer} ease-in forwards` }],
});

const drawerBase = style({
  position: 'fixed',
  top: 0,
  bottom: 0,
  left: 0,
  width: vars.size.drawer,
  background: vars.color.surface,
  boxShadow: vars.shadow.lg,
  overflowY: 'auto',
  outline: 'none',
});

export const drawer = styleVariants({
  open: [drawerBase, { animation: `${slideIn} ${vars.duration.drawer} ease-out` }],
  closing: [drawerBase, { animation: `${slideOut} ${vars.duration.drawer} ease-in forwards` }],
});

export const dialog = style({ display: 'grid', gap: vars.space.lg, padding: vars.space.lg, outline: 'none' });

export const drawerHeader = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between' });

export const drawerTitle = style({ fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.bold });
