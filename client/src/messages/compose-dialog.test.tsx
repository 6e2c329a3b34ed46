import { MESSAGE_TEXT, SERVER_TEXT, VALIDATION } from '@enclave/protocol';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeCompose, openCompose } from '../stores/compose-store.ts';
import { useToastStore } from '../stores/toast-store.ts';
import { aMessage, aMessageList } from '../testing/messages.ts';
import { aMember, callsTo, json, mockApi } from '../testing/mock-api.ts';
import { renderApp } from '../testing/render-app.tsx';
import { openSelect } from '../testing/select.ts';

const bob = {
  id: 8,
  username: 'bob',
  bio: null,
  profilePicture: null,
  createdAt: null,
  isAdmin: false,
  isModerator: false,
  isBanned: false,
  isMuted: false,
};

function signedIn(routes: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/user': json(aMember()),
    'GET /api/messages': json(aMessageList()),
    'GET /api/messages/unread-count': json({ unreadCount: 0 }),
    ...routes,
  });
}

async function openDialog() {
  return screen.findByRole('dialog', { name: 'New Message' }, { timeout: 5000 });
}

describe('the compose dialog', () => {
  beforeEach(() => useToastStore.setState({ toasts: [] }));
  afterEach(() => {
    act(closeCompose);
    vi.unstubAllGlobals();
  });

  it('on the messages page, asks for a username of at least 3 characters and for content', async () => {
    const user = userEvent.setup();
    const fetchMock = signedIn();
    renderApp('/messages');
    await user.click(await screen.findByRole('button', { name: 'New Message' }, { timeout: 5000 }));
    const dialog = await openDialog();

    await user.click(within(dialog).getByRole('button', { name: 'Send Message' }));
    expect(await within(dialog).findByText(VALIDATION.usernameMin)).toBeTruthy();
    expect(within(dialog).getByText(VALIDATION.contentRequired)).toBeTruthy();

    await user.type(within(dialog).getByRole('textbox', { name: 'Username' }), 'bo');
    expect(within(dialog).getByText(VALIDATION.usernameMin)).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: 'Username' }), 'b');
    expect(within(dialog).queryByText(VALIDATION.usernameMin)).toBeNull();
    expect(callsTo(fetchMock, 'POST /api/messages')).toHaveLength(0);
  });

  it('from the thread page, only asks for a username', async () => {
    const user = userEvent.setup();
    signedIn();
    renderApp('/privacy');
    act(() => openCompose(''));
    const dialog = await openDialog();

    await user.click(within(dialog).getByRole('button', { name: 'Send Message' }));
    expect(await within(dialog).findByText(VALIDATION.usernameRequired)).toBeTruthy();

    await user.type(within(dialog).getByRole('textbox', { name: 'Username' }), 'b');
    expect(within(dialog).queryByText(VALIDATION.usernameRequired)).toBeNull();
    expect(within(dialog).queryByText(VALIDATION.usernameMin)).toBeNull();
  });

  it('offers URL and Thread ID attachments and checks the link before sending', async () => {
    const user = userEvent.setup();
    signedIn();
    renderApp('/privacy');
    act(() => openCompose('bob'));
    const dialog = await openDialog();

    await openSelect(user, () => within(dialog).getByRole('button', { name: /Attachment/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['None', 'URL', 'Thread ID']);
    await user.click(screen.getByRole('option', { name: 'URL' }));

    await user.type(within(dialog).getByRole('textbox', { name: 'Message' }), 'Have a look');
    await user.type(within(dialog).getByRole('textbox', { name: 'URL' }), 'fonts.example');
    await user.click(within(dialog).getByRole('button', { name: 'Send Message' }));
    expect(within(dialog).getByText(MESSAGE_TEXT.linkInvalid)).toBeTruthy();
  });

  it('resolves the username, then sends the message with its attachment', async () => {
    const user = userEvent.setup();
    const fetchMock = signedIn({
      'GET /api/users/search/bob': json(bob),
      'POST /api/messages': ({ body }) => Response.json(aMessage({ id: 9, ...(body as object) }), { status: 201 }),
    });
    renderApp('/privacy');
    act(() => openCompose('bob'));
    const dialog = await openDialog();

    await openSelect(user, () => within(dialog).getByRole('button', { name: /Attachment/ }));
    await user.click(await screen.findByRole('option', { name: 'Thread ID' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Message' }), 'Join us');
    await user.type(within(dialog).getByRole('textbox', { name: 'Thread ID' }), '42');
    await user.click(within(dialog).getByRole('button', { name: 'Send Message' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New Message' })).toBeNull());
    expect(callsTo(fetchMock, 'POST /api/messages')[0]?.body).toEqual({
      content: 'Join us',
      recipientId: 8,
      hasAttachment: true,
      attachmentType: 'invite',
      attachmentData: '42',
    });
  });

  it("toasts 'Failed to send message' with the server's reason", async () => {
    const user = userEvent.setup();
    const fetchMock = signedIn({
      'GET /api/users/search/nobody': json({ message: SERVER_TEXT.userNotFound, code: 'NOT_FOUND' }, 404),
    });
    renderApp('/privacy');
    act(() => openCompose('nobody'));
    const dialog = await openDialog();
    await user.type(within(dialog).getByRole('textbox', { name: 'Message' }), 'Hello');
    await user.click(within(dialog).getByRole('button', { name: 'Send Message' }));

    await waitFor(() =>
      expect(useToastStore.getState().toasts[0]).toMatchObject({
        variant: 'destructive',
        title: MESSAGE_TEXT.sendFailed,
        description: SERVER_TEXT.userNotFound,
      }),
    );
    expect(screen.getByRole('dialog', { name: 'New Message' })).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/messages')).toHaveLength(0);
  });
});
