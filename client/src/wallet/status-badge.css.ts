import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

const base = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  borderRadius: vars.radius.full,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  whiteSpace: 'nowrap',
});

export const badge = styleVariants({
  success: [base, { color: vars.color.success, background: vars.color.successSoft }],
  pending: [base, { color: vars.color.coinText, background: vars.color.coinSoft }],
  danger: [base, { color: vars.color.dangerHover, background: '#fee2e2' }],
  neutral: [base, { color: vars.color.textMuted, background: vars.color.surfaceMuted }],
});
