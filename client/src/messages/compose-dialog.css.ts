import { style } from '@vanilla-extract/css';
import { media } from '../styles/media.ts';
import { vars } from '../styles/theme.css.ts';

export const form = style({ display: 'grid', gap: vars.space.lg });

/** The type and its URL or thread id side by side where there is room. */
export const attachment = style({
  display: 'grid',
  gap: vars.space.lg,
  alignItems: 'start',
  '@media': { [media.tablet]: { gridTemplateColumns: '200px minmax(0, 1fr)' } },
});
