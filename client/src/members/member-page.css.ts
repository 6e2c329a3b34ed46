import { style } from '@vanilla-extract/css';
import { card } from '../components/card.css.ts';
import { media } from '../styles/media.ts';
import { vars } from '../styles/theme.css.ts';

/** One card at a reading width: a profile is a few lines, not a screen's width. */
export const profile = style([
  card,
  {
    width: '100%',
    maxWidth: '40rem',
    justifySelf: 'center',
    gridTemplateColumns: 'auto minmax(0, 1fr)',
    alignItems: 'center',
    columnGap: vars.space.lg,
    '@media': { [media.desktop]: { columnGap: vars.space.xl } },
  },
]);

export const details = style({ display: 'grid', gap: vars.space.xs, justifyItems: 'start', minWidth: 0 });

export const name = style({
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  overflowWrap: 'anywhere',
});

export const badges = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });

/** The rest of the card under the avatar and name, across both columns. */
export const wide = style({ gridColumn: '1 / -1', display: 'grid', gap: vars.space.md, justifyItems: 'start' });

export const bio = style({ whiteSpace: 'pre-line', overflowWrap: 'anywhere' });
