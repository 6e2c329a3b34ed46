import { PAGE_TEXT } from '@enclave/protocol';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, stubSignedOut } from '../testing/render-app.tsx';

describe('not-found page', () => {
  beforeEach(stubSignedOut);
  afterEach(() => vi.unstubAllGlobals());

  it('explains that the page is missing and shows the path that was asked for', async () => {
    renderApp('/no/such/page');

    const page = within(await screen.findByRole('main'));
    expect(await page.findByRole('heading', { name: PAGE_TEXT.notFoundTitle })).toBeTruthy();
    expect(page.getByText(PAGE_TEXT.notFoundBody)).toBeTruthy();
    expect(page.getByText('/no/such/page')).toBeTruthy();
    expect(page.getByRole('button', { name: 'Go Back' })).toBeTruthy();
    expect(page.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
  });
});
