import { createLink } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, ButtonHTMLAttributes, Ref } from 'react';
import { type ButtonVariants, button } from './button.css.ts';

type Styled<P> = Omit<P, 'className'> & ButtonVariants & { className?: string };

export type ButtonProps = Styled<Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'disabled' | 'onClick'>> & {
  onPress?: () => void;
  isDisabled?: boolean;
  ref?: Ref<HTMLButtonElement>;
};

/**
 * A native button with the app's look (a plain `type="button"` unless told otherwise). Native on purpose: it is on
 * every page's first screen, and react-aria's Button would add some 16 KB of script before any page renders. A
 * button react-aria must drive (a trigger of its menus, popovers or file picker) is react-aria's own.
 */
export function Button({ variant, size, className, onPress, isDisabled, type = 'button', ...props }: ButtonProps) {
  return (
    <button
      {...props}
      type={type}
      disabled={isDisabled}
      onClick={onPress}
      className={[button({ variant, size }), className].filter(Boolean).join(' ')}
    />
  );
}

function ButtonAnchor({
  variant,
  size,
  className,
  ref,
  ...props
}: Styled<AnchorHTMLAttributes<HTMLAnchorElement>> & { ref?: Ref<HTMLAnchorElement> }) {
  return <a ref={ref} {...props} className={[button({ variant, size }), className].filter(Boolean).join(' ')} />;
}

/** A link to a route that looks like a button. */
export const LinkButton = createLink(ButtonAnchor);
