import { fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

const OPTIONS = [
  { value: 'all', label: 'All statuses' },
  { value: 'failed', label: 'Failed' },
];

/** A fresh copy of the module each time, so the field starts as its preview, before react-aria's control has loaded. */
async function renderStatusField() {
  const { SelectField } = await import('./select-field.tsx');
  render(<SelectField label="Status" options={OPTIONS} value="all" onChange={() => {}} />);
  const preview = screen.getByRole('button', { name: /Status/ });
  expect(preview.getAttribute('aria-haspopup')).toBeNull();
  return preview;
}

const loadedControl = () =>
  vi.waitFor(
    () => {
      const trigger = screen.getByRole('button', { name: /Status/ });
      expect(trigger.getAttribute('aria-haspopup')).toBe('listbox');
      return trigger;
    },
    { timeout: 5000 },
  );

describe('a select field whose control arrives while it is in use', () => {
  // react-aria's modules are transformed once, here (seconds on a busy machine), not while a test waits for them.
  beforeAll(() => import('./select-control.tsx'), 60_000);
  beforeEach(() => vi.resetModules());

  it('opens the list for a click whose pointer-down reached the field before the control came', async () => {
    const preview = await renderStatusField();
    fireEvent.pointerDown(preview, { pointerType: 'mouse', button: 0 });
    const trigger = await loadedControl();
    // The rest of the same click lands on the control, which never saw its down (detail 1: a real mouse click).
    fireEvent.pointerUp(trigger, { pointerType: 'mouse', button: 0 });
    fireEvent.click(trigger, { detail: 1 });
    expect((await screen.findByRole('option', { name: 'Failed' })).textContent).toBe('Failed');
  });

  it('keeps the focus on the field when the control replaces the preview', async () => {
    const preview = await renderStatusField();
    preview.focus();
    const trigger = await loadedControl();
    expect(document.activeElement).toBe(trigger);
  });
});
