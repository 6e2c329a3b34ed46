import { type RecipeVariants, recipe } from '@vanilla-extract/recipes';
import { vars } from '../styles/theme.css.ts';

export const button = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: vars.space.sm,
    border: '1px solid transparent',
    borderRadius: vars.radius.md,
    fontWeight: vars.fontWeight.semibold,
    lineHeight: 1,
    whiteSpace: 'nowrap',
    cursor: 'pointer',
    userSelect: 'none',
    transition: `background-color ${vars.duration.fast}, border-color ${vars.duration.fast}, color ${vars.duration.fast}`,
    outline: 'none',
    selectors: {
      '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
      '&:disabled': { opacity: 0.55, cursor: 'not-allowed' },
    },
  },
  variants: {
    variant: {
      primary: {
        background: vars.color.primary,
        color: vars.color.onPrimary,
        selectors: { '&:hover, &:active': { background: vars.color.primaryHover } },
      },
      secondary: {
        background: vars.color.surface,
        color: vars.color.text,
        borderColor: vars.color.borderStrong,
        selectors: { '&:hover, &:active': { background: vars.color.surfaceMuted } },
      },
      ghost: {
        background: 'transparent',
        color: vars.color.textMuted,
        selectors: {
          '&:hover, &:active': { background: vars.color.surfaceMuted, color: vars.color.text },
        },
      },
      destructive: {
        background: vars.color.danger,
        color: vars.color.onDanger,
        selectors: { '&:hover, &:active': { background: vars.color.dangerHover } },
      },
      /** A quiet button on the brand gradient; a faint tint keeps its white text at 4.5:1 where the gradient turns violet. */
      translucent: {
        background: 'rgba(255, 255, 255, 0.1)',
        color: vars.color.onPrimary,
        borderColor: 'rgba(255, 255, 255, 0.55)',
        selectors: { '&:hover, &:active': { background: 'rgba(255, 255, 255, 0.14)' } },
      },
      /** The main action on the brand gradient. */
      inverse: {
        background: vars.color.surface,
        color: vars.color.primarySoftText,
        selectors: { '&:hover, &:active': { background: vars.color.primarySoft } },
      },
    },
    size: {
      sm: { height: '32px', padding: `0 ${vars.space.md}`, fontSize: vars.fontSize.sm },
      md: { height: '40px', padding: `0 ${vars.space.lg}`, fontSize: vars.fontSize.sm },
      lg: { height: '48px', padding: `0 ${vars.space.xl}`, fontSize: vars.fontSize.md },
      icon: { width: '40px', height: '40px', padding: 0 },
    },
  },
  defaultVariants: { variant: 'primary', size: 'md' },
});

export type ButtonVariants = NonNullable<RecipeVariants<typeof button>>;
