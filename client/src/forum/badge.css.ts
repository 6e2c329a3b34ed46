import { style, styleVariants } from '@vanilla-extract/css';
import { badge as tone } from '../components/badge.css.ts';
import { vars } from '../styles/theme.css.ts';

const tight = style({ lineHeight: vars.lineHeight.tight });

/** The small labels on forum cards: what a thread sells, who may read it, and what the viewer holds. */
export const badge = styleVariants({
  premium: [tone.coin, tight],
  private: [tone.neutral, tight],
  pending: [tone.info, tight],
  purchased: [tone.success, tight],
  discussion: [tone.accent, tight],
});
