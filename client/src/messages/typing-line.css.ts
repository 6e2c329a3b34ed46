import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

/** Quiet but readable: no fading pulse, which would drop the text below AA contrast half the time. */
export const typing = style({
  fontSize: vars.fontSize.sm,
  fontStyle: 'italic',
  color: vars.color.textMuted,
  overflowWrap: 'anywhere',
  selectors: { '&:empty': { display: 'none' } },
});

/** Where the line would otherwise push the page down when it appears: its height is kept while empty. */
export const typingReserved = style([typing, { minHeight: '1.5em', selectors: { '&:empty': { display: 'block' } } }]);
