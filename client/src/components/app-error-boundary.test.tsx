import { PAGE_TEXT } from '@enclave/protocol';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppErrorBoundary } from './app-error-boundary.tsx';

function Broken({ error }: { error: unknown }): never {
  throw error;
}

describe('error fallback', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each([
    ['the error message', new Error('Cannot read the thread'), 'Cannot read the thread'],
    ['a generic text when there is none', 'not an Error', PAGE_TEXT.unknownError],
  ])('replaces a crashed screen and shows %s', (_, error, shown) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <AppErrorBoundary>
        <Broken error={error} />
      </AppErrorBoundary>,
    );

    expect(screen.getByRole('heading', { name: PAGE_TEXT.errorTitle })).toBeTruthy();
    expect(screen.getByText(PAGE_TEXT.errorBody)).toBeTruthy();
    expect(screen.getByText(shown)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh Application' })).toBeTruthy();
  });
});
