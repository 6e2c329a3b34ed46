import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

const base = style({
  display: 'inline-block',
  minWidth: '18px',
  height: '18px',
  padding: `0 5px`,
  borderRadius: vars.radius.full,
  background: vars.color.danger,
  color: vars.color.onDanger,
  fontSize: '0.6875rem',
  fontWeight: vars.fontWeight.bold,
  lineHeight: '18px',
  textAlign: 'center',
  fontVariantNumeric: 'tabular-nums',
});

export const badge = styleVariants({
  inline: [base, { marginLeft: vars.space.xs, verticalAlign: '1px' }],
  end: [base, { marginLeft: 'auto' }],
  /** Over an icon; the link is the positioning box. */
  corner: [
    base,
    {
      position: 'absolute',
      top: '4px',
      left: 'calc(50% + 2px)',
      boxShadow: `0 0 0 2px ${vars.color.surface}`,
    },
  ],
});
