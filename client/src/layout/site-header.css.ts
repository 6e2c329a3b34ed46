import { style } from '@vanilla-extract/css';
import { media } from '../styles/media.ts';
import { vars } from '../styles/theme.css.ts';
import { visuallyHiddenRules } from '../styles/utilities.css.ts';
import { navItem } from './nav-item.css.ts';

/** A little see-through, so the page shows faintly under the header as it scrolls (the boot shell's too). */
export const HEADER_BACKGROUND = 'rgba(255, 255, 255, 0.92)';

export const header = style({
  position: 'sticky',
  top: 0,
  zIndex: vars.zIndex.header,
  height: vars.size.header,
  background: HEADER_BACKGROUND,
  backdropFilter: 'saturate(180%) blur(8px)',
  borderBottom: `1px solid ${vars.color.border}`,
  transition: `box-shadow ${vars.duration.normal}`,
  selectors: { '&[data-scrolled]': { boxShadow: vars.shadow.md } },
});

export const inner = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  height: '100%',
  padding: `0 ${vars.space.lg}`,
  '@media': { [media.tablet]: { gap: vars.space.md, padding: `0 ${vars.space.xl}` } },
});

export const menuToggle = style({ '@media': { [media.desktop]: { display: 'none' } } });

export const brand = style({
  display: 'inline-flex',
  flexShrink: 0,
  alignItems: 'center',
  gap: vars.space.sm,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
  letterSpacing: '-0.01em',
  color: vars.color.text,
  outline: 'none',
  borderRadius: vars.radius.sm,
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '4px' } },
});

/** On phones the mark alone is the brand, leaving the row to the balance; the name stays the link's accessible name. */
export const brandName = style({ '@media': { [media.phone]: visuallyHiddenRules } });

/** The logo's square, here and in index.html's boot shell. */
export const brandMarkRules = {
  display: 'grid',
  placeItems: 'center',
  width: '32px',
  height: '32px',
  borderRadius: vars.radius.md,
  color: vars.color.onPrimary,
  background: `linear-gradient(135deg, ${vars.color.primary}, ${vars.color.accent})`,
};

export const brandMark = style(brandMarkRules);

export const nav = style({
  display: 'none',
  alignItems: 'center',
  gap: vars.space.xs,
  marginLeft: vars.space.xl,
  // Below desktop the bottom bar carries these links, and beside a balance and a name they would not fit.
  '@media': { [media.desktop]: { display: 'flex' } },
});

export const navLink = style([
  navItem,
  { padding: `${vars.space.sm} ${vars.space.md}`, selectors: { '&:focus-visible': { outlineOffset: '2px' } } },
]);

/** May shrink (min-width 0) so that whatever it holds gives way before the page grows wider than the screen. */
export const actions = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minWidth: 0,
  marginLeft: 'auto',
});

export const coinBalance = style({
  display: 'inline-flex',
  alignItems: 'center',
  minWidth: 0,
  height: '32px',
  padding: `0 ${vars.space.md}`,
  overflow: 'hidden',
  borderRadius: vars.radius.full,
  background: vars.color.coinSoft,
  color: vars.color.coinText,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
  outline: 'none',
  selectors: {
    '&:hover': { textDecoration: 'underline' },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});

export const coinFigure = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs, minWidth: 0 });

export const coinIcon = style({ flexShrink: 0, color: vars.color.coin });
