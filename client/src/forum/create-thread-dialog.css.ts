import { style } from '@vanilla-extract/css';
import { media } from '../styles/media.ts';
import { vars } from '../styles/theme.css.ts';

export const form = style({ display: 'grid', gap: vars.space.lg });

export const sectionTitle = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.textMuted,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
});

export const options = style({ display: 'grid', gap: vars.space.md });

/** The inputs a switch reveals, set under it. */
export const reveal = style({
  display: 'grid',
  gap: vars.space.md,
  marginTop: `calc(-1 * ${vars.space.xs})`,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  background: vars.color.surfaceMuted,
});

export const pair = style({
  display: 'grid',
  gap: vars.space.md,
  alignItems: 'start',
  '@media': { [media.tablet]: { gridTemplateColumns: '1fr 1fr' } },
});

export const notice = style({ display: 'grid', gap: vars.space.md, color: vars.color.textMuted });

export const tagField = style({ display: 'grid', gap: vars.space.sm });

export const tagEntry = style({
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  gap: vars.space.sm,
  alignItems: 'start',
});

/** Lines the Add button up with the input under the field's label (one small line of text and its gap). */
export const addTag = style({
  marginTop: `calc(${vars.fontSize.sm} * ${vars.lineHeight.normal} + ${vars.space.xs})`,
  height: '42px',
});

export const tagList = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const tagChip = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  padding: `${vars.space.xxs} ${vars.space.xxs} ${vars.space.xxs} ${vars.space.sm}`,
  borderRadius: vars.radius.full,
  background: vars.color.primarySoft,
  color: vars.color.primarySoftText,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
});

export const removeTag = style({ width: '22px', height: '22px', padding: 0, borderRadius: vars.radius.full });
