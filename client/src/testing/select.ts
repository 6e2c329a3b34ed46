import { waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/**
 * Opens a select field as a person does: the pointer comes to it first, which loads its control
 * (components/on-intent.ts), then the click. user-event sends every event of a click to the element it was given,
 * where a browser sends each to what is under the pointer: a click begun on the field's stand-in would go on to
 * a stand-in the control has replaced.
 */
export async function openSelect(user: UserEvent, field: () => HTMLElement): Promise<void> {
  await user.hover(field());
  const control = await waitFor(() => {
    const element = field();
    if (element.getAttribute('aria-haspopup') !== 'listbox') throw new Error('the select control has not loaded yet');
    return element;
  });
  await user.click(control);
}
