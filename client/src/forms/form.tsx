import type { ComponentProps } from 'react';
import { Form as AriaForm } from 'react-aria-components';

/**
 * Every form of the product checks its own fields and shows the spec's texts under them: validation behaviour
 * 'aria' renders `noValidate`, so the browser's own bubbles ("Please include an '@'…") never stop a submit.
 */
export function Form(props: Omit<ComponentProps<typeof AriaForm>, 'validationBehavior'>) {
  return <AriaForm {...props} validationBehavior="aria" />;
}
