import { style } from '@vanilla-extract/css';
import { media } from '../styles/media.ts';
import { vars } from '../styles/theme.css.ts';

/**
 * Tables are tables from tablet width up; on a phone each row becomes a card whose cells are labelled
 * (`data-label`), so nothing has to scroll sideways.
 */
const tablet = media.tablet;

export const tableWrap = style({
  '@media': {
    [tablet]: { overflowX: 'auto', border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.lg },
  },
});

export const table = style({
  display: 'block',
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: vars.fontSize.sm,
  '@media': { [tablet]: { display: 'table' } },
});

export const thead = style({
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  '@media': { [tablet]: { position: 'static', width: 'auto', height: 'auto', overflow: 'visible', clip: 'auto' } },
});

export const tbody = style({
  display: 'grid',
  gap: vars.space.md,
  '@media': { [tablet]: { display: 'table-row-group' } },
});

export const tr = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.xs,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  '@media': { [tablet]: { display: 'table-row', padding: 0, border: 'none' } },
});

export const th = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  textAlign: 'left',
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
  color: vars.color.textMuted,
  background: vars.color.surfaceMuted,
  whiteSpace: 'nowrap',
});

export const td = style({
  display: 'grid',
  gridTemplateColumns: '80px minmax(0, 1fr)',
  alignItems: 'center',
  justifyItems: 'start',
  gap: vars.space.sm,
  selectors: {
    '&::before': {
      content: 'attr(data-label)',
      fontSize: vars.fontSize.xs,
      fontWeight: vars.fontWeight.semibold,
      textTransform: 'uppercase',
      letterSpacing: '0.04em',
      color: vars.color.textMuted,
    },
    '&:first-child': { gridTemplateColumns: 'minmax(0, 1fr)', justifyItems: 'stretch' },
    '&:first-child::before': { display: 'none' },
  },
  '@media': {
    [tablet]: {
      display: 'table-cell',
      padding: vars.space.md,
      borderTop: `1px solid ${vars.color.border}`,
      verticalAlign: 'middle',
      selectors: { '&::before': { display: 'none' } },
    },
  },
});
