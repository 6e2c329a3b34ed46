import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aMember, callsTo, json, mockApi } from '../testing/mock-api.ts';
import { renderApp } from '../testing/render-app.tsx';

describe('user menu', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("names the member and their role, links to their pages and logs out (the menu's code loads on demand)", async () => {
    const fetchMock = mockApi({
      'GET /api/user': json(aMember({ username: 'alice', isAdmin: true })),
      'POST /api/logout': json({ message: 'Logged out' }),
    });
    const user = userEvent.setup();
    renderApp('/privacy');

    await user.click(await screen.findByRole('button', { name: 'Account menu for alice' }, { timeout: 5000 }));
    const menu = await screen.findByRole('menu', {}, { timeout: 5000 });
    expect(within(menu).getByText('Administrator')).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: 'Profile' }).getAttribute('href')).toBe('/profile');
    expect(within(menu).getByRole('menuitem', { name: 'My Wallet' }).getAttribute('href')).toBe('/wallet');
    expect(within(menu).getByRole('menuitem', { name: 'Messages' }).getAttribute('href')).toBe('/messages');

    await user.click(within(menu).getByRole('menuitem', { name: 'Log out' }));
    await vi.waitFor(() => expect(callsTo(fetchMock, 'POST /api/logout')).toHaveLength(1));
  });
});
