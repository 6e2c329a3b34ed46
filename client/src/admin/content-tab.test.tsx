import { CONSOLE_TEXT, THREAD_PAGE_TEXT } from '@enclave/protocol';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../stores/toast-store.ts';
import { callsTo, json } from '../testing/mock-api.ts';
import { renderConsole } from '../testing/render-console.tsx';
import { aThread } from '../testing/thread-fixtures.ts';

configure({ asyncUtilTimeout: 10_000 });

const threads = [
  aThread({ id: 42, title: 'Self-hosting a VPN', isPremium: true, premiumCost: 40 }),
  aThread({ id: 43, title: 'Orphaned thread', author: null, category: null }),
];

describe('the content tab', { timeout: 30_000 }, () => {
  beforeEach(() => useToastStore.setState({ toasts: [] }));
  afterEach(() => vi.unstubAllGlobals());

  it('lists recent threads with a premium marker, author, category and a link that opens a new tab', async () => {
    await renderConsole('content', { 'GET /api/admin/threads': json(threads) });
    const premium = await screen.findByRole('row', { name: /Self-hosting a VPN/ });
    expect(within(premium).getByRole('img', { name: 'Premium' })).toBeTruthy();
    expect(within(premium).getByText('bob')).toBeTruthy();
    expect(within(premium).getByText('Privacy Tools')).toBeTruthy();
    const view = within(premium).getByRole('link', { name: 'View Self-hosting a VPN in a new tab' });
    expect(view.getAttribute('href')).toBe('/thread/42');
    expect(view.getAttribute('target')).toBe('_blank');

    const orphan = screen.getByRole('row', { name: /Orphaned thread/ });
    expect(within(orphan).getByText(CONSOLE_TEXT.unknownAuthor)).toBeTruthy();
    expect(within(orphan).getByText(CONSOLE_TEXT.uncategorized)).toBeTruthy();
  });

  it('goes to the categories panel from Manage Categories', async () => {
    const { user, router } = await renderConsole('content', { 'GET /api/admin/threads': json(threads) });
    await user.click(await screen.findByRole('link', { name: CONSOLE_TEXT.manageCategories }));
    await waitFor(() => expect(router.state.location.search).toEqual({ tab: 'categories' }));
  });

  it('deletes a thread after a confirmation and removes its row', async () => {
    const { fetchMock, user } = await renderConsole('content', {
      'GET /api/admin/threads': json(threads),
      'DELETE /api/admin/threads/43': json({
        message: 'Thread deleted',
        deletedThreadInfo: { id: 43, title: 'Orphaned thread', sisterThreadId: null },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Orphaned thread' }));
    const dialog = await screen.findByRole('alertdialog', { name: THREAD_PAGE_TEXT.deleteTitle });
    expect(callsTo(fetchMock, 'DELETE /api/admin/threads/43')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: THREAD_PAGE_TEXT.deleteTitle }));
    await waitFor(() => expect(screen.queryByRole('row', { name: /Orphaned thread/ })).toBeNull());
  });

  it("says 'Failed to delete thread' with the server's message when the delete fails", async () => {
    const { user } = await renderConsole('content', {
      'GET /api/admin/threads': json(threads.slice(1)),
      'DELETE /api/admin/threads/43': json({ message: 'Thread not found', code: 'NOT_FOUND' }, 404),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Orphaned thread' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete Thread' }));
    await waitFor(() =>
      expect(useToastStore.getState().toasts.at(-1)).toMatchObject({
        title: CONSOLE_TEXT.deleteThreadFailed,
        description: 'Thread not found',
      }),
    );
  });

  it("shows 'No threads found' when the list is empty or cannot be read", async () => {
    await renderConsole('content', { 'GET /api/admin/threads': json({ message: 'Boom' }, 500) });
    expect(await screen.findByText(CONSOLE_TEXT.noThreads)).toBeTruthy();
  });
});
