import { style } from '@vanilla-extract/css';
import { card, cardTitle } from '../components/card.css.ts';
import { media } from '../styles/media.ts';
import { vars } from '../styles/theme.css.ts';

export const panel = style({ display: 'grid', gap: vars.space.xl });

export { card, cardHeading, cardTitle, muted } from '../components/card.css.ts';

/** The class doubled, so the red edge wins over the card's border whatever order the styles load in. */
export const dangerCard = style([card, { selectors: { '&&': { borderColor: '#fecaca' } } }]);

export const dangerTitle = style([cardTitle, { color: vars.color.danger }]);

export const form = style({ display: 'grid', gap: vars.space.lg });

export const formActions = style({ display: 'flex', justifyContent: 'flex-end', gap: vars.space.sm });

export const profileGrid = style({
  display: 'grid',
  gap: vars.space.xl,
  alignItems: 'start',
  '@media': { [media.desktop]: { gridTemplateColumns: '300px minmax(0, 1fr)' } },
});

export const summary = style([card, { justifyItems: 'center', textAlign: 'center' }]);

export const summaryName = style({
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  overflowWrap: 'anywhere',
});

export const coins = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.full,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.coinText,
  background: vars.color.coinSoft,
});

export const avatarButton = style({
  position: 'relative',
  padding: 0,
  border: 'none',
  borderRadius: vars.radius.full,
  background: 'none',
  cursor: 'pointer',
  outline: 'none',
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: '3px' } },
});

export const avatarBadge = style({
  position: 'absolute',
  right: 0,
  bottom: 0,
  display: 'grid',
  placeItems: 'center',
  width: '32px',
  height: '32px',
  borderRadius: vars.radius.full,
  color: vars.color.onPrimary,
  background: vars.color.primary,
  border: `2px solid ${vars.color.surface}`,
  selectors: { [`${avatarButton}:is(:hover, :active) &`]: { background: vars.color.primaryHover } },
});

export const rowCard = style([
  card,
  {
    gridTemplateColumns: '1fr',
    alignItems: 'center',
    '@media': { [media.tablet]: { gridTemplateColumns: '1fr auto' } },
  },
]);

export const cropStage = style({
  height: '320px',
  overflow: 'hidden',
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
});

export const cropControls = style({ display: 'grid', gap: vars.space.md });

/** Four tabs do not fit one row on a phone (320 px): there they sit two by two. */
export const tabList = style({
  '@media': {
    [media.phone]: { gridAutoFlow: 'row', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [media.tablet]: { maxWidth: '520px' },
  },
});

/** One notification kind: its two switches under a legend. */
export const fieldset = style({
  display: 'grid',
  gap: vars.space.sm,
  margin: 0,
  padding: `${vars.space.sm} 0`,
  border: 'none',
  borderTop: `1px solid ${vars.color.border}`,
  minWidth: 0,
});
