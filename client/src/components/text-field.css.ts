import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

export const field = style({ display: 'grid', gap: vars.space.xs });

export const label = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.medium });

const control = style({
  width: '100%',
  padding: `${vars.space.sm} ${vars.space.md}`,
  fontSize: vars.fontSize.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  outline: 'none',
  transition: `border-color ${vars.duration.fast}, box-shadow ${vars.duration.fast}`,
  selectors: {
    '&::placeholder': { color: vars.color.textMuted, opacity: 0.8 },
    '&:focus': { borderColor: vars.color.focusRing, boxShadow: `0 0 0 3px ${vars.color.primarySoft}` },
    // Native states: TextField and SearchField are plain inputs, and react-aria's (NumberField, the member picker's
    // combo box) set aria-invalid and disabled on theirs as well.
    '&[aria-invalid="true"]': { borderColor: vars.color.danger },
    '&:disabled': { background: vars.color.surfaceMuted, cursor: 'not-allowed' },
  },
});

export const input = style([control, { height: '42px' }]);

export const textArea = style([control, { minHeight: '96px', resize: 'vertical', lineHeight: vars.lineHeight.normal }]);

export const description = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });

export const error = style({ fontSize: vars.fontSize.sm, color: vars.color.danger });
