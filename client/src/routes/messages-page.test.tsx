import { MESSAGE_PREVIEW_LENGTH, MESSAGE_TEXT, type MessageList, SKELETON_ROWS } from '@enclave/protocol';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as skeleton from '../components/skeleton.css.ts';
import { useToastStore } from '../stores/toast-store.ts';
import { aMessage, aMessageList } from '../testing/messages.ts';
import { aMember, callsTo, json, mockApi } from '../testing/mock-api.ts';
import { renderApp } from '../testing/render-app.tsx';

const longText = 'Yes, the whole pack. I will open the thread tonight, after work.';
const unread = aMessage({ id: 3, content: longText });
const read = aMessage({ id: 2, content: 'Found it.', isRead: true, readAt: '2026-03-05T11:00:00.000Z', senderId: 9 });
const sent = aMessage({
  id: 1,
  content: 'Count me in.',
  senderId: 7,
  recipientId: 8,
  isRead: true,
  readAt: '2026-03-05T12:00:00.000Z',
  _senderUsername: 'alice',
  _recipientUsername: 'bob',
});

function openMessages(list: MessageList, routes: Parameters<typeof mockApi>[0] = {}) {
  const fetchMock = mockApi({
    'GET /api/user': json(aMember()),
    'GET /api/messages': json(list),
    'GET /api/messages/unread-count': json({ unreadCount: list.unreadCount }),
    ...routes,
  });
  const view = renderApp('/messages');
  return { fetchMock, ...view };
}

/** The page is a lazy route: on a busy machine its first render can take longer than the default second. */
const PAGE_LOAD = { timeout: 5000 };

const inboxRows = async () =>
  within(await screen.findByRole('listbox', { name: 'Inbox' }, PAGE_LOAD)).getAllByRole('option');

describe('the messages page', () => {
  beforeEach(() => useToastStore.setState({ toasts: [] }));
  afterEach(() => vi.unstubAllGlobals());

  it('shows 5 skeleton rows while the messages load', async () => {
    openMessages(aMessageList(), { 'GET /api/messages': () => new Promise(() => {}) });
    const loading = (await screen.findByText('Loading messages', {}, PAGE_LOAD)).closest('[role="status"]');
    expect(loading?.querySelectorAll(`.${skeleton.row}`)).toHaveLength(SKELETON_ROWS.list);
  });

  it('lists the inbox with previews cut at 40 characters and a New badge on unread messages', async () => {
    openMessages(aMessageList({ inbox: [unread, read], unreadCount: 1 }));
    const [first, second] = await inboxRows();

    expect(first?.textContent).toContain(`${longText.slice(0, MESSAGE_PREVIEW_LENGTH)}...`);
    expect(first?.textContent).not.toContain(longText);
    expect(within(first as HTMLElement).getByText('New')).toBeTruthy();
    expect(second?.textContent).toContain('Found it.');
    expect(within(second as HTMLElement).queryByText('New')).toBeNull();
  });

  it('shows the unread count on the Messages entries of the header and the menus', async () => {
    openMessages(aMessageList({ inbox: [unread, read], unreadCount: 1 }));
    const header = await screen.findByRole('navigation', { name: 'Primary' });
    expect(await within(header).findByRole('link', { name: 'Messages 1 unread' }, PAGE_LOAD)).toBeTruthy();
    const menu = screen.getByRole('complementary', { name: 'Side menu' });
    expect(within(menu).getByRole('link', { name: 'Messages 1 unread' })).toBeTruthy();
    const bottomBar = screen.getByRole('navigation', { name: 'Quick navigation' });
    expect(within(bottomBar).getByRole('link', { name: 'Messages 1 unread' })).toBeTruthy();
  });

  it('opens a message in the detail pane and marks it read at once', async () => {
    const user = userEvent.setup();
    let answerRead: (response: Response) => void = () => {};
    const { fetchMock } = openMessages(aMessageList({ inbox: [unread, read], unreadCount: 1 }), {
      'PATCH /api/messages/3/read': () =>
        new Promise<Response>((resolve) => {
          answerRead = resolve;
        }),
    });
    const [first] = await inboxRows();
    await user.click(first as HTMLElement);

    const detail = await screen.findByRole('article', { name: 'From bob' });
    expect(detail.textContent).toContain(longText);
    // Optimistic: the New badge and the header count go before the server answers.
    expect(within(first as HTMLElement).queryByText('New')).toBeNull();
    const header = screen.getByRole('navigation', { name: 'Primary' });
    expect(within(header).getByRole('link', { name: 'Messages' })).toBeTruthy();
    expect(callsTo(fetchMock, 'PATCH /api/messages/3/read')).toHaveLength(1);
    answerRead(Response.json({ ...unread, isRead: true, readAt: '2026-03-05T13:00:00.000Z' }));

    await user.click(within(detail).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('does not mark a message read again, nor a sent one', async () => {
    const user = userEvent.setup();
    const { fetchMock } = openMessages(aMessageList({ inbox: [read], sent: [sent] }));
    const [first] = await inboxRows();
    await user.click(first as HTMLElement);
    await user.click(screen.getByRole('tab', { name: 'Sent' }));
    await user.click(within(screen.getByRole('listbox', { name: 'Sent messages' })).getByRole('option'));

    const detail = await screen.findByRole('article', { name: 'To bob' });
    expect(detail.textContent).toContain('Read');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
  });

  it('opens a link attachment only when it starts with http', async () => {
    const user = userEvent.setup();
    const web = aMessage({
      id: 5,
      hasAttachment: true,
      attachmentType: 'link',
      attachmentData: 'https://fonts.example',
    });
    const other = aMessage({
      id: 4,
      hasAttachment: true,
      attachmentType: 'link',
      attachmentData: 'ftp://fonts.example',
    });
    openMessages(aMessageList({ inbox: [web, other].map((message) => ({ ...message, isRead: true })) }));
    const [webRow, otherRow] = await inboxRows();

    await user.click(webRow as HTMLElement);
    const link = await screen.findByRole('link', { name: 'Open Link' });
    expect(link.getAttribute('href')).toBe('https://fonts.example');
    expect(link.getAttribute('target')).toBe('_blank');

    await user.click(otherRow as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Open Link' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Open Link' }).hasAttribute('disabled')).toBe(true);
  });

  it('names an invite’s thread as a link, or says the reader cannot open it', async () => {
    const user = userEvent.setup();
    const invite = { isRead: true, hasAttachment: true, attachmentType: 'invite', attachmentData: '42' } as const;
    const readable = aMessage({ ...invite, id: 1, inviteTitle: 'Lens swap meetup' });
    const hidden = aMessage({ ...invite, id: 2, _senderUsername: 'carol' });
    openMessages(aMessageList({ inbox: [readable, hidden] }));
    const [readableRow, hiddenRow] = await inboxRows();
    await user.click(readableRow as HTMLElement);
    const open = await screen.findByRole('link', { name: 'Lens swap meetup' });
    expect(open.getAttribute('href')).toBe('/thread/42');

    await user.click(hiddenRow as HTMLElement);
    await screen.findByText(MESSAGE_TEXT.inviteUnavailable);
    expect(screen.queryByRole('link', { name: 'Lens swap meetup' })).toBeNull();
  });

  it('says so when the messages cannot be loaded, and tries again', async () => {
    const user = userEvent.setup();
    let fail = true;
    openMessages(aMessageList(), {
      'GET /api/messages': () =>
        fail
          ? Response.json({ message: 'Database unavailable' }, { status: 503 })
          : Response.json(aMessageList({ inbox: [read] })),
    });
    const alert = await screen.findByRole('alert', {}, PAGE_LOAD);
    expect(alert.textContent).toContain(MESSAGE_TEXT.loadFailed);
    expect(alert.textContent).toContain('Database unavailable');

    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await inboxRows()).toHaveLength(1);
  });

  it('loads older messages from the cursor', async () => {
    const user = userEvent.setup();
    const older = aMessage({ id: 1, content: 'An older note.', isRead: true });
    const pages = [
      aMessageList({ inbox: [read], nextCursor: { inbox: 2, sent: null } }),
      aMessageList({ inbox: [older] }),
    ];
    const { fetchMock } = openMessages(aMessageList(), {
      'GET /api/messages': () => Response.json(pages.shift()),
    });
    await inboxRows();
    await user.click(screen.getByRole('button', { name: 'Load older messages' }));

    await waitFor(async () => expect(await inboxRows()).toHaveLength(2));
    const urls = fetchMock.mock.calls.map(([input]) => String(input));
    expect(urls).toContain('/api/messages?box=inbox&before=2');
    expect(screen.queryByRole('button', { name: 'Load older messages' })).toBeNull();
  });
});
