import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

export const slider = style({
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  gridTemplateAreas: '"label output" "track track"',
  rowGap: vars.space.xs,
});

export const label = style({ gridArea: 'label', fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.medium });

export const output = style({ gridArea: 'output', fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const track = style({
  gridArea: 'track',
  position: 'relative',
  height: '28px',
  selectors: {
    '&::before': {
      content: '""',
      position: 'absolute',
      top: '50%',
      left: 0,
      right: 0,
      height: '4px',
      transform: 'translateY(-50%)',
      borderRadius: vars.radius.full,
      background: vars.color.surfaceMuted,
    },
  },
});

export const fill = style({
  position: 'absolute',
  top: '50%',
  left: 0,
  height: '4px',
  transform: 'translateY(-50%)',
  borderRadius: vars.radius.full,
  background: vars.color.primary,
});

export const thumb = style({
  top: '50%',
  width: '18px',
  height: '18px',
  borderRadius: vars.radius.full,
  background: vars.color.surface,
  border: `2px solid ${vars.color.primary}`,
  boxShadow: vars.shadow.sm,
  selectors: {
    '&[data-dragging]': { background: vars.color.primarySoft },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});
