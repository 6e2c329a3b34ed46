import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';
import { card } from './thread.css.ts';

export const block = style([
  card,
  {
    borderColor: vars.color.accentSoft,
    background: `linear-gradient(180deg, ${vars.color.accentSoft} 0%, ${vars.color.surface} 120px)`,
  },
]);

export const title = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.accent,
});

export const secret = style({
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  background: vars.color.surfaceMuted,
  fontSize: vars.fontSize.sm,
});

export const link = style([secret, { fontFamily: vars.font.mono, overflowWrap: 'anywhere' }]);
