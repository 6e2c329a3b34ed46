import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

const pulse = keyframes({ '0%, 100%': { opacity: 1 }, '50%': { opacity: 0.55 } });

export const typing = style({
  fontSize: vars.fontSize.sm,
  fontStyle: 'italic',
  color: vars.color.textMuted,
  overflowWrap: 'anywhere',
  selectors: { '&:empty': { display: 'none' } },
  '@media': { '(prefers-reduced-motion: no-preference)': { animation: `${pulse} 1.6s ease-in-out infinite` } },
});

/** Where the line would otherwise push the page down when it appears: its height is kept while empty. */
export const typingReserved = style([typing, { minHeight: '1.5em', selectors: { '&:empty': { display: 'block' } } }]);
