import { ADMIN_TEXT, CONSOLE_TEXT, VALIDATION } from '@enclave/protocol';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../stores/toast-store.ts';
import { aPublicUser } from '../testing/forum-fixtures.ts';
import { callsTo, json } from '../testing/mock-api.ts';
import { aModerator, renderConsole } from '../testing/render-console.tsx';

configure({ asyncUtilTimeout: 10_000 });

const lastToast = () => useToastStore.getState().toasts.at(-1);
const isDisabled = (element: HTMLElement) => element.hasAttribute('disabled');

async function lookUp(routes: Parameters<typeof renderConsole>[1], id = '8') {
  const view = await renderConsole('user-moderation', routes, { user: aModerator() });
  await view.user.type(screen.getByRole('textbox', { name: 'User ID' }), id);
  await view.user.click(screen.getByRole('button', { name: 'Look Up' }));
  return view;
}

describe('the user moderation tab', { timeout: 30_000 }, () => {
  beforeEach(() => useToastStore.setState({ toasts: [] }));
  afterEach(() => vi.unstubAllGlobals());

  it("refuses an ID that is not a number: 'Invalid Input'", async () => {
    const { fetchMock } = await lookUp({}, '12abc');
    expect(lastToast()).toMatchObject({ title: CONSOLE_TEXT.invalidInput, description: VALIDATION.invalidUserId });
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/user/'))).toBe(false);
  });

  it("says 'User not found' when the lookup fails", async () => {
    await lookUp({ 'GET /api/user/8': json({ message: 'User not found' }, 404) });
    await waitFor(() => expect(lastToast()?.title).toBe(CONSOLE_TEXT.userNotFound));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the member with role and status; Mute and Ban are disabled for staff', async () => {
    await lookUp({ 'GET /api/user/8': json(aPublicUser({ isModerator: true })) });
    const dialog = await screen.findByRole('dialog', { name: 'bob' });
    expect(within(dialog).getByText('Moderator')).toBeTruthy();
    expect(within(dialog).getByText('Active')).toBeTruthy();
    expect(isDisabled(within(dialog).getByRole('button', { name: 'Mute' }))).toBe(true);
    expect(isDisabled(within(dialog).getByRole('button', { name: 'Ban' }))).toBe(true);
  });

  it('disables Mute for a muted member and Ban for a banned one, and offers to lift them', async () => {
    await lookUp({ 'GET /api/user/8': json(aPublicUser({ isMuted: true, isBanned: true })) });
    const dialog = await screen.findByRole('dialog', { name: 'bob' });
    expect(within(dialog).getByText('User')).toBeTruthy();
    expect(within(dialog).getByText('Banned')).toBeTruthy();
    expect(isDisabled(within(dialog).getByRole('button', { name: 'Mute' }))).toBe(true);
    expect(isDisabled(within(dialog).getByRole('button', { name: 'Ban' }))).toBe(true);
    expect(within(dialog).getByRole('button', { name: 'Unmute' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Unban' })).toBeTruthy();
  });

  it('mutes for 1 to 720 whole hours (24 by default), then closes and clears the lookup', async () => {
    const { user, fetchMock } = await lookUp({
      'GET /api/user/8': json(aPublicUser()),
      'POST /api/admin/mute-user/8': json({ message: 'bob has been muted for 48 hours' }),
    });
    await user.click(within(await screen.findByRole('dialog', { name: 'bob' })).getByRole('button', { name: 'Mute' }));
    const step = await screen.findByRole('alertdialog', { name: 'Mute bob' });
    const hours = within(step).getByRole('textbox', { name: 'Duration (hours)' }) as HTMLInputElement;
    const confirm = within(step).getByRole('button', { name: 'Confirm Mute' });
    expect(hours.value).toBe('24');
    expect(isDisabled(confirm)).toBe(false);

    await user.clear(hours);
    expect(isDisabled(confirm)).toBe(true);
    await user.type(hours, 'abc');
    expect(isDisabled(confirm)).toBe(true);
    await user.clear(hours);
    await user.type(hours, '721');
    expect(isDisabled(confirm)).toBe(true);
    expect(within(step).getByText(ADMIN_TEXT.muteDurationInvalid)).toBeTruthy();
    await user.clear(hours);
    await user.type(hours, '48');
    expect(isDisabled(confirm)).toBe(false);

    await user.click(confirm);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(callsTo(fetchMock, 'POST /api/admin/mute-user/8')[0]?.body).toEqual({ duration: 48 });
    expect(lastToast()?.title).toBe('bob has been muted for 48 hours');
    expect((screen.getByRole('textbox', { name: 'User ID' }) as HTMLInputElement).value).toBe('');
  });

  it("bans after its confirmation step; a refusal toasts 'Error' with the server's message", async () => {
    const { user, fetchMock } = await lookUp({
      'GET /api/user/8': json(aPublicUser()),
      'POST /api/admin/ban-user/8': json({ message: ADMIN_TEXT.cannotSanctionStaff }, 403),
    });
    await user.click(within(await screen.findByRole('dialog', { name: 'bob' })).getByRole('button', { name: 'Ban' }));
    const step = await screen.findByRole('alertdialog', { name: 'Ban bob?' });
    expect(callsTo(fetchMock, 'POST /api/admin/ban-user/8')).toHaveLength(0);
    await user.click(within(step).getByRole('button', { name: 'Confirm Ban' }));
    await waitFor(() =>
      expect(lastToast()).toMatchObject({ title: CONSOLE_TEXT.error, description: ADMIN_TEXT.cannotSanctionStaff }),
    );
  });
});
