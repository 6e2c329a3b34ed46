import { style } from '@vanilla-extract/css';
import { box, boxList } from '../components/card.css.ts';
import { vars } from '../styles/theme.css.ts';
import { truncate } from '../styles/utilities.css.ts';

export const list = boxList;

export const reply = style([box, { gap: vars.space.sm }]);

export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  fontSize: vars.fontSize.sm,
});

/** A long name is cut with an ellipsis rather than widening the reply. */
export const author = style([truncate, { fontWeight: vars.fontWeight.semibold }]);

export const number = style({
  flexShrink: 0,
  marginLeft: 'auto',
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.textMuted,
});

export const form = style({ display: 'grid', gap: vars.space.md });

export const formActions = style({ display: 'flex', justifyContent: 'flex-end' });
