import { style } from '@vanilla-extract/css';
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

export const hint = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });
