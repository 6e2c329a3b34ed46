import { globalStyle } from '@vanilla-extract/css';
import { media } from './media.ts';
import { vars } from './theme.css.ts';

globalStyle(':root', { colorScheme: 'light' });

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });

globalStyle('html', { WebkitTextSizeAdjust: '100%', scrollBehavior: 'smooth' });

globalStyle('body', {
  margin: 0,
  minHeight: '100dvh',
  background: vars.color.page,
  color: vars.color.text,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.normal,
  WebkitFontSmoothing: 'antialiased',
});

globalStyle('h1, h2, h3, h4, p', { margin: 0 });

globalStyle('h1, h2, h3, h4', { lineHeight: vars.lineHeight.tight });

globalStyle('a', { color: 'inherit', textDecoration: 'none' });

globalStyle('button, input, textarea, select', { font: 'inherit', color: 'inherit' });

// react-aria's own rule for pressable elements (no click delay after a double-tap zoom), which it would inject as an
// inline style (index.html's #react-aria-pressable-style stops that).
globalStyle('[data-react-aria-pressable]', { touchAction: 'pan-x pan-y pinch-zoom' });

globalStyle(':focus-visible', { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' });

globalStyle('*, *::before, *::after', {
  '@media': {
    [media.reducedMotion]: { animationDuration: '0.01ms !important', transitionDuration: '0.01ms !important' },
  },
});

globalStyle('html', { '@media': { [media.reducedMotion]: { scrollBehavior: 'auto' } } });
