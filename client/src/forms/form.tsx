import type { ComponentProps } from 'react';

/**
 * Every form of the product checks its own fields and shows the spec's texts under them: `noValidate`, so the
 * browser's own bubbles ("Please include an '@'…") never stop a submit. A plain form, not react-aria's: the
 * sign-in, profile and wallet forms are first screens, which load no react-aria (issue #26).
 */
export function Form(props: Omit<ComponentProps<'form'>, 'noValidate'>) {
  return <form {...props} noValidate />;
}
