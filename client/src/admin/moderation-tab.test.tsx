import { CONSOLE_TEXT, FORUM_PAGE_TEXT, THREAD_PAGE_TEXT } from '@enclave/protocol';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../stores/toast-store.ts';
import { json } from '../testing/mock-api.ts';
import { aModerator, renderConsole } from '../testing/render-console.tsx';
import { aThread } from '../testing/thread-fixtures.ts';

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

  it.each([401, 403])('reads a %i as an empty list', async (status) => {
    await renderConsole('moderation', { 'GET /api/admin/threads': json({ message: 'No' }, status) });
    expect(await screen.findByText(CONSOLE_TEXT.noThreads)).toBeTruthy();
  });

  it("says 'Error loading threads' for any other failure", async () => {
    await renderConsole('moderation', { 'GET /api/admin/threads': json({ message: 'Boom' }, 500) });
    expect(await screen.findByText(FORUM_PAGE_TEXT.errorLoadingThreads)).toBeTruthy();
  });
});
