import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

export const list = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.md,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

/**
 * A card the screen does not show is not laid out nor painted (its size estimated until it is): each ten cards
 * added after the first screen laid the whole list out again, 20-50 ms a time on a phone (issue #26).
 */
export const item = style({ contentVisibility: 'auto', containIntrinsicSize: 'auto 220px' });

/** An empty or failed list: the reason and what to do next. */
export const state = style({
  display: 'grid',
  justifyItems: 'center',
  gap: vars.space.md,
  padding: `${vars.space.xxl} ${vars.space.xl}`,
  textAlign: 'center',
  color: vars.color.textMuted,
  background: vars.color.surface,
  border: `1px dashed ${vars.color.borderStrong}`,
  borderRadius: vars.radius.lg,
});

export const stateTitle = style({ fontWeight: vars.fontWeight.semibold, color: vars.color.text });

export const errorTitle = style({ fontWeight: vars.fontWeight.semibold, color: vars.color.danger });
