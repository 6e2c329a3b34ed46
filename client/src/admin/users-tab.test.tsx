import { CONSOLE_TEXT, TEST_COINS } from '@enclave/protocol';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../stores/toast-store.ts';
import { anAdminUser } from '../testing/admin.ts';
import { callsTo, json } from '../testing/mock-api.ts';
import { aModerator, renderConsole } from '../testing/render-console.tsx';

configure({ asyncUtilTimeout: 10_000 });

const members = [
  anAdminUser({ id: 1, username: 'admin', isAdmin: true, coinBalance: 0 }),
  anAdminUser({ id: 2, username: 'moderator', isModerator: true }),
  anAdminUser({ id: 8, username: 'bob', coinBalance: 1200 }),
  anAdminUser({ id: 9, username: 'dave', isBanned: true }),
];

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(`^${name} `) });
const lastToast = () => useToastStore.getState().toasts.at(-1);

describe('the users tab', { timeout: 30_000 }, () => {
  beforeEach(() => useToastStore.setState({ toasts: [] }));
  afterEach(() => vi.unstubAllGlobals());

  it('lists each member with email, joined date, status badge and coins', async () => {
    await renderConsole('users', { 'GET /api/admin/users': json(members) });
    await screen.findByRole('table');
    expect(within(rowOf('admin')).getByText('Admin')).toBeTruthy();
    expect(within(rowOf('moderator')).getByText('Mod')).toBeTruthy();
    expect(within(rowOf('dave')).getByText('Banned')).toBeTruthy();
    const bob = rowOf('bob');
    expect(within(bob).getByText('Active')).toBeTruthy();
    expect(within(bob).getByText('bob@example.com')).toBeTruthy();
    expect(within(bob).getByText('Mar 5, 2026')).toBeTruthy();
    expect(within(bob).getByText('1,200')).toBeTruthy();
  });

  it('hides Ban for a banned member and disables it for staff', async () => {
    await renderConsole('users', { 'GET /api/admin/users': json(members) });
    await screen.findByRole('table');
    expect(within(rowOf('dave')).queryByRole('button', { name: /^Ban/ })).toBeNull();
    expect(within(rowOf('admin')).getByRole('button', { name: 'Ban admin' }).hasAttribute('disabled')).toBe(true);
    expect(within(rowOf('bob')).getByRole('button', { name: 'Ban bob' }).hasAttribute('disabled')).toBe(false);
  });

  it('adds 1,000 test coins to a member and shows the new balance', async () => {
    const { fetchMock, user } = await renderConsole('users', {
      'GET /api/admin/users': json(members),
      'POST /api/admin/add-user-coins': json({
        message: "1,000 test coins added to bob's balance",
        userId: 8,
        coinBalance: 2200,
      }),
    });
    await screen.findByRole('table');
    await user.click(within(rowOf('bob')).getByRole('button', { name: 'Add Coins to bob' }));
    expect(await within(rowOf('bob')).findByText('2,200')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/admin/add-user-coins')[0]?.body).toEqual({
      userId: 8,
      amount: TEST_COINS.perUser,
    });
    expect(lastToast()?.description).toBe("1,000 test coins added to bob's balance");
  });

  it("says 'Failed to add coins' and 'Failed to ban user' with the server's message", async () => {
    const { user } = await renderConsole('users', {
      'GET /api/admin/users': json(members),
      'POST /api/admin/add-user-coins': json({ message: 'Nope', code: 'FORBIDDEN' }, 403),
      'POST /api/admin/ban-user': json({ message: 'Still nope', code: 'FORBIDDEN' }, 403),
    });
    await screen.findByRole('table');
    await user.click(within(rowOf('bob')).getByRole('button', { name: 'Add Coins to bob' }));
    await waitFor(() => expect(lastToast()).toMatchObject({ title: CONSOLE_TEXT.addCoinsFailed, description: 'Nope' }));

    await user.click(within(rowOf('bob')).getByRole('button', { name: 'Ban bob' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Ban bob?' });
    await user.click(within(dialog).getByRole('button', { name: 'Ban' }));
    await waitFor(() =>
      expect(lastToast()).toMatchObject({ title: CONSOLE_TEXT.banFailed, description: 'Still nope' }),
    );
  });

  it('bans after a confirmation, then shows the member as banned without a Ban button', async () => {
    const { fetchMock, user } = await renderConsole('users', {
      'GET /api/admin/users': json(members),
      'POST /api/admin/ban-user': json({ message: 'bob has been banned' }),
    });
    await screen.findByRole('table');
    await user.click(within(rowOf('bob')).getByRole('button', { name: 'Ban bob' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Ban' }));
    await waitFor(() => expect(within(rowOf('bob')).getByText('Banned')).toBeTruthy());
    expect(within(rowOf('bob')).queryByRole('button', { name: 'Ban bob' })).toBeNull();
    expect(callsTo(fetchMock, 'POST /api/admin/ban-user')[0]?.body).toEqual({ userId: 8 });
  });

  it("shows 'No users found' when the list cannot be read, without a toast", async () => {
    await renderConsole('users', { 'GET /api/admin/users': json({ message: 'Server error' }, 500) });
    expect(await screen.findByText(CONSOLE_TEXT.noUsers)).toBeTruthy();
    expect(useToastStore.getState().toasts).toEqual([]);
  });

  it('is a moderator’s too, to look members up and ban them, without coin grants or addresses (issue 23, item 10)', async () => {
    const withoutEmails = members.map((member) => ({ ...member, email: null }));
    const { router } = await renderConsole(
      'users',
      { 'GET /api/admin/users': json(withoutEmails) },
      {
        user: aModerator(),
      },
    );
    await screen.findByRole('table');
    expect(router.state.location.search).toEqual({ tab: 'users' });
    const tabs = screen.getByRole('navigation', { name: 'Console tabs' });
    expect(within(tabs).getByRole('link', { name: CONSOLE_TEXT.tabs.users })).toBeTruthy();
    expect(within(rowOf('bob')).getByRole('button', { name: 'Ban bob' }).hasAttribute('disabled')).toBe(false);
    expect(screen.queryByRole('button', { name: /^Add Coins/ })).toBeNull();
    expect(screen.queryByText('bob@example.com')).toBeNull();
  });
});
