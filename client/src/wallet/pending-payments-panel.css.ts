import { style } from '@vanilla-extract/css';
import { box, boxList } from '../components/card.css.ts';
import { media } from '../styles/media.ts';
import { vars } from '../styles/theme.css.ts';

export const list = boxList;

export const item = style([
  box,
  {
    gap: vars.space.md,
    '@media': { [media.tablet]: { gridTemplateColumns: 'minmax(0, 1fr) auto', alignItems: 'center' } },
  },
]);

export const summary = style({ display: 'grid', gap: vars.space.xxs, minWidth: 0 });

export const headline = style({ fontWeight: vars.fontWeight.semibold });

export const address = style({
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  wordBreak: 'break-all',
});

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

export const form = style({ display: 'grid', gap: vars.space.lg });
