import { style } from '@vanilla-extract/css';
import { media } from '../styles/media.ts';
import { vars } from '../styles/theme.css.ts';
import { card } from './thread.css.ts';

export const panel = style([
  card,
  {
    gridTemplateColumns: 'auto minmax(0, 1fr)',
    alignItems: 'center',
    '@media': { [media.desktop]: { gridTemplateColumns: '1fr', justifyItems: 'center', textAlign: 'center' } },
  },
]);

export const details = style({ display: 'grid', gap: vars.space.xs, justifyItems: 'inherit', minWidth: 0 });

export const name = style({ fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.bold, overflowWrap: 'anywhere' });

export const role = style({
  justifySelf: 'start',
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  borderRadius: vars.radius.full,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.primarySoftText,
  background: vars.color.primarySoft,
  '@media': { [media.desktop]: { justifySelf: 'center' } },
});

export const bio = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted, overflowWrap: 'anywhere' });

export const action = style({ gridColumn: '1 / -1', '@media': { [media.desktop]: { width: '100%' } } });
