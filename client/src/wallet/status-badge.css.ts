import { style, styleVariants } from '@vanilla-extract/css';
import { badgeShape, badgeTone } from '../components/badge.css.ts';
import { vars } from '../styles/theme.css.ts';

/** A payment's status beside its icon, which sits a little further from the text than on other badges. */
const iconGap = style({ gap: vars.space.xs });

export const badge = styleVariants({
  success: [badgeShape, iconGap, badgeTone.success],
  pending: [badgeShape, iconGap, badgeTone.coin],
  danger: [badgeShape, iconGap, { color: vars.color.dangerHover, background: vars.color.dangerSoft }],
  neutral: [badgeShape, iconGap, { color: vars.color.textMuted, background: vars.color.surfaceMuted }],
});
