import { ADMIN_TEXT, CONSOLE_TEXT, FORUM_PAGE_TEXT, FORUM_TEXT, THREAD_PAGE_TEXT } from '@enclave/protocol';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../stores/toast-store.ts';
import { callsTo, json } from '../testing/mock-api.ts';
import { aModerator, renderConsole } from '../testing/render-console.tsx';
import { aGroupBuyThread, aThread } from '../testing/thread-fixtures.ts';

configure({ asyncUtilTimeout: 10_000 });

const threads = [
  aThread({ id: 10, title: 'Signals room', content: 'Weekly calls', sisterThreadId: 11, tags: ['bridges'] }),
  aThread({
    id: 11,
    title: 'Signals room (Premium Discussion)',
    content: 'Members only',
    isSisterThread: true,
    parentThreadId: 10,
    isPremium: true,
    premiumCost: 40,
  }),
  aThread({ id: 12, title: 'Tor BRIDGES explained', content: 'obfs4 and snowflake' }),
];

describe('the thread moderation tab', { timeout: 30_000 }, () => {
  beforeEach(() => useToastStore.setState({ toasts: [] }));
  afterEach(() => vi.unstubAllGlobals());

  it('lists every thread with its ID, premium badge and cost, and warns about a premium sister', async () => {
    await renderConsole('moderation', { 'GET /api/admin/threads': json(threads) }, { user: aModerator() });
    const premium = await screen.findByRole('listitem', { name: 'Signals room (Premium Discussion)' });
    expect(within(premium).getByText('ID: 11')).toBeTruthy();
    expect(within(premium).getByText('Premium')).toBeTruthy();
    expect(within(premium).getByText('40 coins')).toBeTruthy();
    const parent = screen.getByRole('listitem', { name: 'Signals room' });
    expect(within(parent).getByText(/has a premium sister thread \(ID 11\)/)).toBeTruthy();
  });

  it('searches title or content case-insensitively (tags do not match)', async () => {
    const { user } = await renderConsole('moderation', { 'GET /api/admin/threads': json(threads) });
    await screen.findByRole('listitem', { name: 'Signals room' });
    const search = screen.getByRole('searchbox', { name: 'Search threads' });

    await user.type(search, 'bridges');
    const found = within(screen.getByRole('list', { name: 'Threads' })).getAllByRole('listitem');
    expect(found.map((item) => item.getAttribute('aria-label'))).toEqual(['Tor BRIDGES explained']);

    await user.clear(search);
    await user.type(search, 'MEMBERS ONLY');
    expect(screen.getByRole('listitem', { name: 'Signals room (Premium Discussion)' })).toBeTruthy();

    await user.clear(search);
    await user.type(search, 'nothing like this');
    expect(await screen.findByText(CONSOLE_TEXT.noSearchMatches)).toBeTruthy();
  });

  it('deletes after the confirm dialog, and toasts Error with the message when it fails', async () => {
    const { user } = await renderConsole('moderation', {
      'GET /api/admin/threads': json(threads),
      'DELETE /api/admin/threads/12': json({ message: 'Thread not found' }, 404),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Tor BRIDGES explained' }));
    const dialog = await screen.findByRole('alertdialog', { name: THREAD_PAGE_TEXT.deleteTitle });
    await user.click(within(dialog).getByRole('button', { name: THREAD_PAGE_TEXT.deleteTitle }));
    await waitFor(() =>
      expect(useToastStore.getState().toasts.at(-1)).toMatchObject({ title: 'Error', description: 'Thread not found' }),
    );
  });

  it('cancels an open group buy with a reason, and marks it cancelled', async () => {
    const groupBuy = aGroupBuyThread({ id: 20, title: 'Figma seats' });
    const ended = aGroupBuyThread({ id: 21, title: 'Old seats', groupBuyStatus: 'expired' });
    const { user, fetchMock } = await renderConsole(
      'moderation',
      {
        'GET /api/admin/threads': json([groupBuy, ended]),
        'POST /api/admin/threads/20/group-buy/cancel': json({
          message: FORUM_TEXT.groupBuyCancelledNow,
          threadId: 20,
          status: 'cancelled',
        }),
      },
      { user: aModerator() },
    );
    const row = await screen.findByRole('listitem', { name: 'Figma seats' });
    expect(within(row).getByText('Group buy: open')).toBeTruthy();
    expect(screen.queryByRole('button', { name: `${CONSOLE_TEXT.cancelGroupBuy}: Old seats` })).toBeNull();
    await user.click(within(row).getByRole('button', { name: `${CONSOLE_TEXT.cancelGroupBuy}: Figma seats` }));
    const dialog = await screen.findByRole('alertdialog', { name: CONSOLE_TEXT.cancelGroupBuyTitle('Figma seats') });
    // The reason is required, as the dialog says from the start: the moderation log keeps it.
    expect(within(dialog).getByText(ADMIN_TEXT.reasonRequired)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: CONSOLE_TEXT.cancelGroupBuy }).hasAttribute('disabled')).toBe(
      true,
    );
    await user.type(within(dialog).getByRole('textbox', { name: CONSOLE_TEXT.cancelGroupBuyReason }), 'Seller left');
    await user.click(within(dialog).getByRole('button', { name: CONSOLE_TEXT.cancelGroupBuy }));
    await waitFor(() =>
      expect(useToastStore.getState().toasts.at(-1)).toMatchObject({ title: FORUM_TEXT.groupBuyCancelledNow }),
    );
    expect(callsTo(fetchMock, 'POST /api/admin/threads/20/group-buy/cancel')[0]?.body).toEqual({
      reason: 'Seller left',
    });
    expect(await within(row).findByText('Group buy: cancelled')).toBeTruthy();
  });

  it.each([401, 403])('reads a %i as an empty list', async (status) => {
    await renderConsole('moderation', { 'GET /api/admin/threads': json({ message: 'No' }, status) });
    expect(await screen.findByText(CONSOLE_TEXT.noThreads)).toBeTruthy();
  });

  it("says 'Error loading threads' for any other failure", async () => {
    await renderConsole('moderation', { 'GET /api/admin/threads': json({ message: 'Boom' }, 500) });
    expect(await screen.findByText(FORUM_PAGE_TEXT.errorLoadingThreads)).toBeTruthy();
  });
});
