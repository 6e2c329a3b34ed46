import { style } from '@vanilla-extract/css';
import { cardBody, surface } from '../components/card.css.ts';
import { media } from '../styles/media.ts';
import { vars } from '../styles/theme.css.ts';

/** The thread page's parts share one look: white cards on the page background. */
export const card = style([
  surface,
  cardBody,
  { padding: vars.space.lg, '@media': { [media.tablet]: { padding: vars.space.xl } } },
]);

export { cardTitle, muted } from '../components/card.css.ts';

export const actions = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm });

/** Running text from members: keep their line breaks, break long links. */
export const prose = style({
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  lineHeight: vars.lineHeight.normal,
});

export const coins = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.coinText,
});

const notice = style({
  display: 'grid',
  gap: vars.space.xs,
  justifyItems: 'start',
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderRadius: vars.radius.lg,
  fontSize: vars.fontSize.sm,
});

export const noticeTitle = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  fontWeight: vars.fontWeight.semibold,
});

export const infoNotice = style([notice, { background: vars.color.infoSoft, color: vars.color.info }]);

export const successNotice = style([notice, { background: vars.color.successSoft, color: vars.color.success }]);

export const dangerNotice = style([notice, { background: vars.color.dangerSoft, color: vars.color.danger }]);

export const warningNotice = style([notice, { background: vars.color.coinSoft, color: vars.color.coinText }]);
