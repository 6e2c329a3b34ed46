import { style } from '@vanilla-extract/css';
import { media } from '../styles/media.ts';
import { vars } from '../styles/theme.css.ts';

export const filters = style({
  display: 'grid',
  gap: vars.space.md,
  alignItems: 'end',
  '@media': { [media.tablet]: { gridTemplateColumns: '2fr 1fr' } },
});

export const more = style({ justifySelf: 'center' });
