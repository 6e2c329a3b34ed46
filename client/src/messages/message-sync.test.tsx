import type { MessageList, UnreadCount } from '@enclave/protocol';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../api/query-client.ts';
import type { ForumSocket } from '../realtime/socket-provider.tsx';
import { createAppRouter } from '../router.tsx';
import { FakeSocket } from '../testing/fake-socket.ts';
import { aMessage, aMessageList } from '../testing/messages.ts';
import { aMember, json, mockApi } from '../testing/mock-api.ts';
import { MESSAGES_QUERY_KEY, UNREAD_COUNT_QUERY_KEY } from './message-cache.ts';
import { useMessageEvents } from './message-sync.tsx';

function MessageEvents({ socket }: { socket: ForumSocket }) {
  useMessageEvents(socket);
  return null;
}

/** The app at `path`, with the message events of a fake socket written into its cache. */
function renderWithSocket(path: string) {
  const queryClient = createQueryClient();
  const socket = new FakeSocket();
  const router = createAppRouter(queryClient, { history: createMemoryHistory({ initialEntries: [path] }) });
  render(
    <QueryClientProvider client={queryClient}>
      <MessageEvents socket={socket.asSocket()} />
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  const push: FakeSocket['push'] = (...args) => act(() => socket.push(...args));
  return { queryClient, push };
}

const first = aMessage({ id: 1, content: 'First note', isRead: true });
const pushed = aMessage({ id: 2, content: 'Pushed while you watch' });

describe('live messages', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a pushed message and the new unread count without fetching again', async () => {
    const fetchMock = mockApi({
      'GET /api/user': json(aMember()),
      'GET /api/messages': json(aMessageList({ inbox: [first] })),
      'GET /api/messages/unread-count': json({ unreadCount: 0 }),
    });
    const { push } = renderWithSocket('/messages');
    const inbox = await screen.findByRole('listbox', { name: 'Inbox' }, { timeout: 5000 });
    const fetches = fetchMock.mock.calls.length;

    push('message:new', pushed);
    push('message:unread', { unreadCount: 1 });

    const header = screen.getByRole('navigation', { name: 'Primary' });
    expect(await within(header).findByRole('link', { name: 'Messages 1 unread' })).toBeTruthy();
    const rows = within(inbox).getAllByRole('option');
    expect(rows.map((row) => row.textContent?.includes('Pushed while you watch'))).toEqual([true, false]);
    expect(within(rows[0] as HTMLElement).getByText('New')).toBeTruthy();
    expect(fetchMock.mock.calls.length).toBe(fetches);
  });

  it('merges the echo of a sent message by id and applies read receipts and removals', async () => {
    mockApi({
      'GET /api/user': json(aMember()),
      'GET /api/messages/unread-count': json({ unreadCount: 1 }),
    });
    const { queryClient, push } = renderWithSocket('/privacy');
    const mine = aMessage({ id: 5, senderId: 7, recipientId: 8, _senderUsername: 'alice', _recipientUsername: 'bob' });
    queryClient.setQueryData<MessageList>(MESSAGES_QUERY_KEY, aMessageList({ inbox: [pushed], unreadCount: 1 }));

    push('message:sent', mine);
    push('message:sent', mine);
    push('message:read', { id: 5, readAt: '2026-03-05T12:00:00.000Z' });
    push('message:removed', { id: 2 });
    push('message:unread', { unreadCount: 0 });

    const list = queryClient.getQueryData<MessageList>(MESSAGES_QUERY_KEY);
    expect(list?.sent).toEqual([{ ...mine, isRead: true, readAt: '2026-03-05T12:00:00.000Z' }]);
    expect(list?.inbox).toEqual([]);
    expect(list?.unreadCount).toBe(0);
    expect(queryClient.getQueryData<UnreadCount>(UNREAD_COUNT_QUERY_KEY)).toEqual({ unreadCount: 0 });
  });

  it('leaves boxes that were never loaded unloaded, but still counts', async () => {
    mockApi({
      'GET /api/user': json(aMember()),
      'GET /api/messages/unread-count': json({ unreadCount: 0 }),
    });
    const { queryClient, push } = renderWithSocket('/privacy');
    await waitFor(() => expect(queryClient.getQueryData(UNREAD_COUNT_QUERY_KEY)).toEqual({ unreadCount: 0 }));

    push('message:new', pushed);
    push('message:unread', { unreadCount: 3 });

    expect(queryClient.getQueryData(MESSAGES_QUERY_KEY)).toBeUndefined();
    const bottomBar = screen.getByRole('navigation', { name: 'Quick navigation' });
    expect(await within(bottomBar).findByRole('link', { name: 'Messages 3 unread' })).toBeTruthy();
  });
});
