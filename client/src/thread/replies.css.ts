import { style } from '@vanilla-extract/css';
import { box, boxList } from '../components/card.css.ts';
import { vars } from '../styles/theme.css.ts';

export const list = boxList;

export const reply = style([box, { gap: vars.space.sm }]);

export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  fontSize: vars.fontSize.sm,
});

export const author = style({ fontWeight: vars.fontWeight.semibold });

export const number = style({ marginLeft: 'auto', fontWeight: vars.fontWeight.semibold, color: vars.color.textMuted });

export const form = style({ display: 'grid', gap: vars.space.md });

export const formActions = style({ display: 'flex', justifyContent: 'flex-end' });
