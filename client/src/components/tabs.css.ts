import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

/** Styles for tabs (SegmentedTabs' buttons, react-aria's Tabs) and for links that act as tabs: a segmented tab list over its panels. */
export const tabs = style({ display: 'grid', gap: vars.space.lg });

/** The tab list's look; how wide its tabs are is left to `tabList` or to a list of its own. */
export const segments = style({
  display: 'grid',
  gridAutoFlow: 'column',
  gap: vars.space.xs,
  padding: vars.space.xs,
  background: vars.color.surfaceMuted,
  borderRadius: vars.radius.md,
});

export const tabList = style([segments, { gridAutoColumns: '1fr' }]);

export const tab = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  height: '36px',
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.textMuted,
  cursor: 'pointer',
  outline: 'none',
  // SegmentedTabs' tabs are buttons.
  border: 0,
  background: 'none',
  fontFamily: 'inherit',
  transition: `background-color ${vars.duration.fast}, color ${vars.duration.fast}`,
  selectors: {
    '&[data-hovered], &:is(a, button):hover': { color: vars.color.text },
    '&[data-selected]': { background: vars.color.surface, color: vars.color.text, boxShadow: vars.shadow.sm },
    '&[data-current]': { background: vars.color.surface, color: vars.color.text, boxShadow: vars.shadow.sm },
    '&[data-focus-visible], &:is(a, button):focus-visible': {
      outline: `2px solid ${vars.color.focusRing}`,
      outlineOffset: '2px',
    },
  },
});

export const tabPanel = style({
  outline: 'none',
  selectors: {
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, borderRadius: vars.radius.md },
  },
});
