import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

const base = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  borderRadius: vars.radius.full,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.tight,
  whiteSpace: 'nowrap',
});

/** The small labels on forum cards: what a thread sells, who may read it, and what the viewer holds. */
export const badge = styleVariants({
  premium: [base, { background: vars.color.coinSoft, color: vars.color.coinText }],
  private: [base, { background: vars.color.surfaceMuted, color: vars.color.text }],
  pending: [base, { background: vars.color.infoSoft, color: vars.color.info }],
  purchased: [base, { background: vars.color.successSoft, color: vars.color.success }],
  discussion: [base, { background: vars.color.accentSoft, color: vars.color.accent }],
});
