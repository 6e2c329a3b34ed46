import type { CategoryColor } from '@enclave/protocol';
import { styleVariants } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

/** The eight category colours (spec 001 §3) as theme colours: a soft background behind a strong icon. */
export const tone = styleVariants<Record<CategoryColor, { background: string; color: string; boxShadow?: string }>>({
  primary: { background: vars.color.primarySoft, color: vars.color.primary },
  secondary: { background: vars.color.accentSoft, color: vars.color.accent },
  success: { background: vars.color.successSoft, color: vars.color.success },
  warning: { background: vars.color.coinSoft, color: vars.color.coinText },
  danger: { background: vars.color.dangerSoft, color: vars.color.danger },
  info: { background: vars.color.infoSoft, color: vars.color.info },
  dark: { background: vars.color.text, color: vars.color.surface },
  light: {
    background: vars.color.surface,
    color: vars.color.textMuted,
    boxShadow: `inset 0 0 0 1px ${vars.color.borderStrong}`,
  },
});
