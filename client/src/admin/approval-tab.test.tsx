import { CONSOLE_TEXT, FORUM_TEXT, PAGE_TEXT } from '@enclave/protocol';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../stores/toast-store.ts';
import { callsTo, json } from '../testing/mock-api.ts';
import { renderConsole } from '../testing/render-console.tsx';
import { aThread } from '../testing/thread-fixtures.ts';

configure({ asyncUtilTimeout: 10_000 });

const pending = aThread({ id: 50, title: 'Draft: Tor bridges', content: 'obfs4 versus snowflake', isApproved: false });

describe('the approval queue (threads tab)', { timeout: 30_000 }, () => {
  beforeEach(() => useToastStore.setState({ toasts: [] }));
  afterEach(() => vi.unstubAllGlobals());

  it('shows the guide and each pending thread with its excerpt, View Thread and Approve Thread', async () => {
    await renderConsole('threads', { 'GET /api/admin/unapproved-threads': json([pending]) });
    expect(screen.getByRole('heading', { name: 'Approval Guide' })).toBeTruthy();
    const item = await screen.findByRole('listitem', { name: 'Draft: Tor bridges' });
    expect(within(item).getByText('obfs4 versus snowflake')).toBeTruthy();
    expect(within(item).getByText(/ago$/)).toBeTruthy();
    const view = within(item).getByRole('link', { name: CONSOLE_TEXT.viewThread });
    expect([view.getAttribute('href'), view.getAttribute('target')]).toEqual(['/thread/50', '_blank']);
    expect(within(item).getByRole('button', { name: CONSOLE_TEXT.approveThread })).toBeTruthy();
  });

  it('approves a thread and it leaves the queue', async () => {
    const { user, fetchMock } = await renderConsole('threads', {
      'GET /api/admin/unapproved-threads': json([pending]),
      'POST /api/admin/approve-thread/50': json({
        message: FORUM_TEXT.threadApproved,
        thread: { ...pending, isApproved: true },
      }),
    });
    const item = await screen.findByRole('listitem', { name: 'Draft: Tor bridges' });
    await user.click(within(item).getByRole('button', { name: CONSOLE_TEXT.approveThread }));
    expect(await screen.findByText(PAGE_TEXT.noPendingThreads)).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/admin/approve-thread/50')).toHaveLength(1);
    expect(useToastStore.getState().toasts.at(-1)?.title).toBe(FORUM_TEXT.threadApproved);
  });

  it("toasts 'Error' with the server's message when an approval fails", async () => {
    const { user } = await renderConsole('threads', {
      'GET /api/admin/unapproved-threads': json([pending]),
      'POST /api/admin/approve-thread/50': json({ message: 'Thread not found' }, 404),
    });
    await user.click(await screen.findByRole('button', { name: CONSOLE_TEXT.approveThread }));
    await waitFor(() =>
      expect(useToastStore.getState().toasts.at(-1)).toMatchObject({ title: 'Error', description: 'Thread not found' }),
    );
  });

  it.each([401, 403])('reads a %i as an empty queue', async (status) => {
    await renderConsole('threads', { 'GET /api/admin/unapproved-threads': json({ message: 'No' }, status) });
    expect(await screen.findByText(PAGE_TEXT.noPendingThreads)).toBeTruthy();
  });

  it("says 'Error loading unapproved threads' for any other failure", async () => {
    await renderConsole('threads', { 'GET /api/admin/unapproved-threads': json({ message: 'Boom' }, 500) });
    expect(await screen.findByText(CONSOLE_TEXT.errorLoadingUnapproved)).toBeTruthy();
  });

  it('updates live: a queued thread appears and an approval elsewhere removes it, without a refetch', async () => {
    const { push, fetchMock } = await renderConsole('threads', { 'GET /api/admin/unapproved-threads': json([]) });
    await screen.findByText(PAGE_TEXT.noPendingThreads);
    const reads = callsTo(fetchMock, 'GET /api/admin/unapproved-threads').length;

    push('approval:queued', { thread: pending });
    expect(await screen.findByRole('listitem', { name: 'Draft: Tor bridges' })).toBeTruthy();
    push('approval:queued', { thread: pending });
    expect(screen.getAllByRole('listitem', { name: 'Draft: Tor bridges' })).toHaveLength(1);

    push('approval:approved', { threadId: 50 });
    expect(await screen.findByText(PAGE_TEXT.noPendingThreads)).toBeTruthy();
    expect(callsTo(fetchMock, 'GET /api/admin/unapproved-threads')).toHaveLength(reads);
  });
});
