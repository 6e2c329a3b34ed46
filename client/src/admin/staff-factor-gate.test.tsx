import { FACTOR_TEXT } from '@enclave/protocol';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aMember, json, mockApi } from '../testing/mock-api.ts';
import { renderApp } from '../testing/render-app.tsx';

describe('the console for staff without a second factor', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['a moderator', aMember({ id: 2, username: 'moderator', isModerator: true, mustAddSecondFactor: true })],
    ['an admin', aMember({ id: 1, username: 'admin', isAdmin: true, mustAddSecondFactor: true })],
    // Whatever abilities the server sends such staff, the console says why it is closed rather than sending them home.
    [
      'staff sent no staff abilities',
      aMember({ id: 3, isModerator: true, mustAddSecondFactor: true, abilities: aMember().abilities }),
    ],
  ])('tells %s why it is closed and where to add one, instead of its tabs', async (_, staff) => {
    const fetchMock = mockApi({ 'GET /api/user': json(staff) });
    const { router } = renderApp('/admin');

    expect(await screen.findByRole('heading', { name: FACTOR_TEXT.consoleTitle }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText(FACTOR_TEXT.staffNeedsFactor)).toBeTruthy();
    expect(screen.getByRole('link', { name: FACTOR_TEXT.consoleGoToSecurity }).getAttribute('href')).toBe(
      '/profile?tab=security',
    );
    expect(screen.queryByRole('navigation', { name: 'Console tabs' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Admin Console' })).toBeNull();
    expect(router.state.location.pathname).toBe('/admin');
    // The staff reads would only be refused: none is made.
    expect(fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.startsWith('/api/admin'))).toEqual(
      [],
    );
  });
});
