import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

/** A list of selling points or reasons, each an icon beside its title and text. */
export const list = style({ display: 'grid', gap: vars.space.lg, margin: 0, padding: 0, listStyle: 'none' });

export const item = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: vars.space.md,
  alignItems: 'start',
});

/** The square behind an item's icon; its colours come from where the list stands. */
export const iconTile = style({
  display: 'grid',
  placeItems: 'center',
  width: '36px',
  height: '36px',
  borderRadius: vars.radius.md,
});

export const softIconTile = style([
  iconTile,
  { color: vars.color.primarySoftText, background: vars.color.primarySoft },
]);
