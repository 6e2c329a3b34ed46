import { style, styleVariants } from '@vanilla-extract/css';
import { media } from '../styles/media.ts';
import { vars } from '../styles/theme.css.ts';

export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

export const body = style({
  display: 'grid',
  gap: vars.space.xl,
  alignItems: 'start',
  justifyItems: 'center',
  '@media': { [media.tablet]: { gridTemplateColumns: 'auto minmax(0, 1fr)', justifyItems: 'stretch' } },
});

export const details = style({ display: 'grid', gap: vars.space.lg, width: '100%', minWidth: 0 });

export const terms = style({ display: 'grid', gap: vars.space.md, margin: 0 });

export const detail = style({ display: 'grid', gap: vars.space.xxs });

export const term = style({
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
  color: vars.color.textMuted,
});

export const value = style({ margin: 0, fontWeight: vars.fontWeight.medium });

export const amount = style({ margin: 0, fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.bold });

export const address = style({
  margin: 0,
  padding: vars.space.md,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  wordBreak: 'break-all',
  background: vars.color.surfaceMuted,
  borderRadius: vars.radius.md,
});

export const copyRow = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

const noticeBase = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: vars.space.md,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  border: '1px solid transparent',
});

export const notice = styleVariants({
  success: [noticeBase, { color: vars.color.success, background: vars.color.successSoft, borderColor: '#bbf7d0' }],
  pending: [noticeBase, { color: vars.color.coinText, background: vars.color.coinSoft, borderColor: '#fde68a' }],
  danger: [noticeBase, { color: vars.color.dangerHover, background: '#fee2e2', borderColor: '#fecaca' }],
  neutral: [noticeBase, { color: vars.color.text, background: vars.color.surfaceMuted }],
});

export const noticeTitle = style({ fontWeight: vars.fontWeight.semibold });

export const noticeBody = style({ fontSize: vars.fontSize.sm });

export const actions = style({ display: 'flex', justifyContent: 'flex-end' });
