import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

/** The tabs and the toolbar in one row, wrapping under each other on a narrow phone. */
export const bar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

export const tabList = style({ gridAutoColumns: 'minmax(72px, auto)' });

export const toolbar = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xxs });

export const toolButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '34px',
  height: '34px',
  padding: 0,
  border: 0,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.textMuted,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&:hover, &:active': { background: vars.color.surfaceMuted, color: vars.color.text },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '1px' },
  },
});

/** The write panel is the anchor of the suggestions list, which opens under the text area. */
export const writePanel = style({
  position: 'relative',
  display: 'grid',
  // The panel's display would otherwise beat the hidden attribute's while the preview shows.
  selectors: { '&[hidden]': { display: 'none' } },
});

export const preview = style({
  minHeight: '96px',
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  overflowWrap: 'anywhere',
});

export const previewNote = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const previewError = style({ color: vars.color.danger, fontSize: vars.fontSize.sm });

export const suggestions = style({
  position: 'absolute',
  zIndex: vars.zIndex.popover,
  top: '100%',
  left: 0,
  marginTop: vars.space.xs,
  width: 'min(280px, 100%)',
  maxHeight: '264px',
  overflowY: 'auto',
  padding: vars.space.xs,
  listStyle: 'none',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.lg,
});

export const suggestion = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: '40px',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  selectors: {
    '&[aria-selected="true"]': { background: vars.color.primarySoft, color: vars.color.primarySoftText },
  },
});
