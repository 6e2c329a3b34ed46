import { createLink } from '@tanstack/react-router';
import {
  Button as AriaButton,
  type ButtonProps as AriaButtonProps,
  Link as AriaLink,
  type LinkProps as AriaLinkProps,
} from 'react-aria-components';
import { type ButtonVariants, button } from './button.css.ts';

type Styled<P> = Omit<P, 'className'> & ButtonVariants & { className?: string };

export function Button({ variant, size, className, ...props }: Styled<AriaButtonProps>) {
  return <AriaButton {...props} className={[button({ variant, size }), className].filter(Boolean).join(' ')} />;
}

function ButtonAnchor({ variant, size, className, ...props }: Styled<AriaLinkProps>) {
  return <AriaLink {...props} className={[button({ variant, size }), className].filter(Boolean).join(' ')} />;
}

/** A link to a route that looks like a button. */
export const LinkButton = createLink(ButtonAnchor);
