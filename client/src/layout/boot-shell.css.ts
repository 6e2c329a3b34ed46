import { globalStyle } from '@vanilla-extract/css';
import { media } from '../styles/media.ts';
import { vars } from '../styles/theme.css.ts';
import { visuallyHiddenRules } from '../styles/utilities.css.ts';
import { BAR_BACKGROUND } from './bottom-bar.css.ts';
import { brandMarkRules, HEADER_BACKGROUND } from './site-header.css.ts';

// The frame of index.html's #boot-shell: the header, side menu and bottom bar every page is drawn in, at their
// places and sizes, painted with the HTML before any script has run. AppShell removes it as it takes its place.
const shell = '#boot-shell';

globalStyle(shell, { display: 'flex', flexDirection: 'column', minHeight: '100dvh' });

globalStyle(`${shell} > header`, {
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  height: vars.size.header,
  padding: `0 ${vars.space.lg}`,
  background: HEADER_BACKGROUND,
  borderBottom: `1px solid ${vars.color.border}`,
  '@media': { [media.tablet]: { gap: vars.space.md, padding: `0 ${vars.space.xl}` } },
});

globalStyle(`${shell} .boot-menu`, {
  display: 'grid',
  placeItems: 'center',
  width: '40px',
  height: '40px',
  '@media': { [media.desktop]: { display: 'none' } },
});

globalStyle(`${shell} .boot-brand`, {
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
  letterSpacing: '-0.01em',
});

globalStyle(`${shell} .boot-mark`, brandMarkRules);

globalStyle(`${shell} .boot-name`, { '@media': { [media.phone]: visuallyHiddenRules } });

globalStyle(`${shell} .boot-side`, {
  display: 'none',
  width: vars.size.sidebar,
  height: `calc(100dvh - ${vars.size.header})`,
  background: vars.color.surface,
  borderRight: `1px solid ${vars.color.border}`,
  '@media': { [media.desktop]: { display: 'block' } },
});

globalStyle(`${shell} .boot-bar`, {
  position: 'fixed',
  right: 0,
  bottom: 0,
  left: 0,
  height: `calc(${vars.size.bottomBar} + env(safe-area-inset-bottom))`,
  background: BAR_BACKGROUND,
  borderTop: `1px solid ${vars.color.border}`,
  '@media': { [media.desktop]: { display: 'none' } },
});
