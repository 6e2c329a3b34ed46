import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';
import { sheet, statement } from './card.css.ts';

export const screen = style({
  display: 'grid',
  placeItems: 'center',
  minHeight: '60vh',
  padding: vars.space.xl,
});

/** Raised further than the cards of a page: it stands in for the page. */
export const card = style([sheet, statement, { maxWidth: '480px', boxShadow: vars.shadow.md }]);

export const icon = style({ color: vars.color.danger });

export const body = style({ color: vars.color.textMuted });

export const detail = style({
  width: '100%',
  padding: vars.space.md,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
  background: vars.color.surfaceMuted,
  borderRadius: vars.radius.md,
  overflowWrap: 'anywhere',
});

export const actions = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: vars.space.sm });

export const mutedIcon = style({ color: vars.color.primary });
