import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

/**
 * A small rounded label: a status, a role, what a thread sells. Shape, spacing and colours are separate classes
 * that never set the same property, so a badge composes them without depending on the order its styles load in.
 */
export const badgeShape = style({
  display: 'inline-flex',
  alignItems: 'center',
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  borderRadius: vars.radius.full,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  whiteSpace: 'nowrap',
});

/** The badge colours; each place maps its own meanings (banned, premium, pending…) onto these. */
export const badgeTone = styleVariants({
  accent: { background: vars.color.accentSoft, color: vars.color.accent },
  info: { background: vars.color.infoSoft, color: vars.color.info },
  danger: { background: vars.color.dangerSoft, color: vars.color.danger },
  coin: { background: vars.color.coinSoft, color: vars.color.coinText },
  success: { background: vars.color.successSoft, color: vars.color.success },
  neutral: { background: vars.color.surfaceMuted, color: vars.color.text },
});

const iconGap = style({ gap: vars.space.xxs });

export const badge = styleVariants(badgeTone, (tone) => [badgeShape, iconGap, tone]);
