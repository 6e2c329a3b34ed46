import { style } from '@vanilla-extract/css';
import { media } from '../styles/media.ts';
import { vars } from '../styles/theme.css.ts';
import { card } from './auth-panel.css.ts';

export const columns = style({
  display: 'grid',
  gap: vars.space.xl,
  alignItems: 'start',
  '@media': { [media.desktop]: { gridTemplateColumns: '3fr 2fr' } },
});

export { card } from './auth-panel.css.ts';

export const badge = style({
  display: 'grid',
  placeItems: 'center',
  width: '48px',
  height: '48px',
  borderRadius: vars.radius.full,
  background: vars.color.primarySoft,
  color: vars.color.primary,
});

export const cardTitle = style({ fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.bold });

export const muted = style({ color: vars.color.textMuted });

export const devNotice = style({
  padding: vars.space.md,
  fontSize: vars.fontSize.sm,
  color: vars.color.coinText,
  background: vars.color.coinSoft,
  borderRadius: vars.radius.md,
});

export const form = style({ display: 'grid', gap: vars.space.md });

export const resend = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
  paddingTop: vars.space.md,
  borderTop: `1px solid ${vars.color.border}`,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const resendButton = style({ color: vars.color.primary });

export const reasonText = style({ display: 'grid', gap: vars.space.xxs });

export const reasonIcon = style({ marginTop: '2px', color: vars.color.primary });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

export const success = style([
  card,
  { justifyItems: 'center', textAlign: 'center', maxWidth: '480px', margin: '0 auto', width: '100%' },
]);

export const successIcon = style({ color: vars.color.success });
