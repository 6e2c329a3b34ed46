import {
  ErrorCode,
  LIMITS,
  PAGE_TEXT,
  SERVER_TEXT,
  SKELETON_ROWS,
  THREAD_PAGE_TEXT,
  THREAD_TEXT,
} from '@enclave/protocol';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useComposeStore } from '../stores/compose-store.ts';
import { useToastStore } from '../stores/toast-store.ts';
import { FakeSocket } from '../testing/fake-socket.ts';
import { aMember, callsTo, json, mockApi, signedOut } from '../testing/mock-api.ts';
import { renderApp } from '../testing/render-app.tsx';
import { aReply, aThread } from '../testing/thread-fixtures.ts';

// The page is a lazy chunk: load it once up front so the first test's waits are about the page, not the compiler.
beforeAll(() => import('./thread-page.tsx'));
// The page shows after the session, the thread and its replies load: more than a second on a busy machine.
configure({ asyncUtilTimeout: 3000 });

const shownToast = () => useToastStore.getState().toasts.find((toast) => toast.open);

const premiumRequired = json(
  {
    message: SERVER_TEXT.premiumRequired,
    code: ErrorCode.PremiumRequired,
    details: { threadId: 42, title: 'My on-chain BTC analysis', premiumCost: 75, authorName: 'dave' },
  },
  402,
);

function openThread(routes: Parameters<typeof mockApi>[0]) {
  const fetchMock = mockApi({ 'GET /api/user': json(aMember()), ...routes });
  const socket = new FakeSocket();
  const view = renderApp('/thread/42', { socket: socket.asSocket() });
  return { fetchMock, socket, ...view };
}

describe('/thread/{id}', () => {
  beforeEach(() => {
    useToastStore.setState({ toasts: [] });
    useComposeStore.setState({ isOpen: false, targetUsername: '' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the next page of replies after the last reply number shown, not its id', async () => {
    // A full first page whose numbers skip 3 (a removed reply) and whose ids are global, not per thread.
    const firstPage = Array.from({ length: LIMITS.pageSizeMax }, (_, i) =>
      aReply({ id: 5000 + i * 7, number: i < 2 ? i + 1 : i + 2, content: `Reply ${i}` }),
    );
    let pages = 0;
    const { fetchMock } = openThread({
      'GET /api/threads/42': json(aThread()),
      'GET /api/threads/42/posts': () => Response.json(pages++ === 0 ? firstPage : []),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Load more replies' }));

    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/threads/42/posts')).toHaveLength(2));
    const urls = fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.includes('/posts'));
    expect(new URL(urls[1] as string, 'http://x').searchParams.get('after')).toBe(String(LIMITS.pageSizeMax + 1));
  });

  it('shows the thread, its author and its replies numbered from #1', async () => {
    openThread({
      'GET /api/threads/42': json(aThread({ isPrivate: true, isPremium: true, premiumCost: 40, userHasAccess: true })),
      'GET /api/threads/42/posts': json([aReply(), aReply({ id: 101, authorName: 'dave', content: 'Same here.' })]),
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Self-hosting a VPN on a budget' })).toBeTruthy();
    const author = screen.getByRole('complementary', { name: 'Author' });
    expect(within(author).getByText('bob')).toBeTruthy();
    expect(within(author).getByText('Member')).toBeTruthy();
    expect(within(author).getByText('Runs his own mail server.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Privacy Tools' })).toBeTruthy();
    expect(screen.getByText('Premium · 40 coins')).toBeTruthy();
    expect(screen.getByText('Private')).toBeTruthy();
    expect(screen.getByText('#vpn')).toBeTruthy();

    const first = await screen.findByRole('article', { name: 'Reply #1' });
    expect(within(first).getByText('Which provider do you use?')).toBeTruthy();
    const second = screen.getByRole('article', { name: 'Reply #2' });
    expect(within(second).getByRole('button', { name: 'Like' })).toBeTruthy();
    expect(within(second).getByRole('button', { name: 'Reply' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Edit Thread' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Thread' })).toBeNull();
  });

  it('labels administrators and moderators', async () => {
    openThread({
      'GET /api/threads/42': json(aThread({ authorIsModerator: true })),
      'GET /api/threads/42/posts': json([aReply({ authorIsAdmin: true, authorName: 'admin' })]),
    });
    const author = await screen.findByRole('complementary', { name: 'Author' });
    expect(within(author).getByText('Moderator')).toBeTruthy();
    const reply = await screen.findByRole('article', { name: 'Reply #1' });
    expect(within(reply).getByText('Administrator')).toBeTruthy();
  });

  it('shows 3 skeleton rows while the replies load', async () => {
    openThread({ 'GET /api/threads/42': json(aThread()) });
    const loading = await screen
      .findByText('Loading replies')
      .then((label) => label.closest('[role="status"]') as HTMLElement);
    expect(loading.getAttribute('aria-busy')).toBe('true');
    expect(within(loading).getByText('Loading replies')).toBeTruthy();
    expect(loading.children).toHaveLength(SKELETON_ROWS.replies + 1);
  });

  it('says the thread failed to load', async () => {
    openThread({ 'GET /api/threads/42': json({ message: 'Something went wrong', code: 'INTERNAL_ERROR' }, 500) });
    expect(await screen.findByRole('heading', { name: THREAD_PAGE_TEXT.loadErrorTitle })).toBeTruthy();
    expect(screen.getByText(THREAD_PAGE_TEXT.loadFailed)).toBeTruthy();
    expect(screen.getByText('Something went wrong')).toBeTruthy();
  });

  it('shows the not-found page for a thread the server does not know', async () => {
    openThread({ 'GET /api/threads/42': json({ message: 'Thread not found', code: 'NOT_FOUND' }, 404) });
    expect(await screen.findByRole('heading', { name: PAGE_TEXT.notFoundTitle })).toBeTruthy();
    expect(screen.queryByText('Thread not found')).toBeNull();
  });

  it('says when only the replies failed to load', async () => {
    openThread({
      'GET /api/threads/42': json(aThread()),
      'GET /api/threads/42/posts': json({ message: 'Something went wrong', code: 'INTERNAL_ERROR' }, 500),
    });
    expect(await screen.findByText(THREAD_PAGE_TEXT.repliesFailed)).toBeTruthy();
  });

  it('shows the pending-approval notice on an unapproved thread', async () => {
    openThread({ 'GET /api/threads/42': json(aThread({ isApproved: false })), 'GET /api/threads/42/posts': json([]) });
    expect(await screen.findByText(THREAD_TEXT.pendingApproval)).toBeTruthy();
    expect(screen.getByText(THREAD_PAGE_TEXT.pendingText)).toBeTruthy();
  });

  it('answers a 402 with the premium notice, and the purchase dialog buys the thread', async () => {
    let bought = false;
    const { fetchMock } = openThread({
      'GET /api/user': json(aMember({ coinBalance: 100 })),
      'GET /api/threads/42': () =>
        bought ? Response.json(aThread({ content: 'The charts.' })) : premiumRequired({} as never),
      'GET /api/threads/42/posts': json([]),
      'POST /api/coins/spend': () => {
        bought = true;
        return Response.json({ message: 'Thread purchased', threadId: 42, balance: 25 });
      },
    });
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { name: THREAD_PAGE_TEXT.premiumRequiredTitle })).toBeTruthy();
    expect(screen.getByText(SERVER_TEXT.premiumRequired)).toBeTruthy();
    expect(screen.getByText('75 coins')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Purchase Access' }));

    const dialog = await screen.findByRole('dialog', { name: THREAD_PAGE_TEXT.purchaseTitle });
    expect(within(dialog).getByText('100 coins')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Purchase' }));

    expect(await screen.findByText('The charts.')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/coins/spend')[0]?.body).toEqual({
      amount: 75,
      referenceId: 42,
      referenceType: 'thread',
    });
    expect(shownToast()).toMatchObject({ title: 'Thread purchased' });
  });

  it('disables the purchase below the cost and shows the Insufficient Funds notice', async () => {
    openThread({ 'GET /api/user': json(aMember({ coinBalance: 30 })), 'GET /api/threads/42': premiumRequired });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Purchase Access' }));

    const dialog = await screen.findByRole('dialog', { name: THREAD_PAGE_TEXT.purchaseTitle });
    expect(within(dialog).getByText(THREAD_PAGE_TEXT.insufficientFunds)).toBeTruthy();
    expect(within(dialog).getByText(THREAD_TEXT.insufficientCoins)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Purchase' }).hasAttribute('disabled')).toBe(true);
  });

  it('toasts a refused purchase', async () => {
    openThread({
      'GET /api/threads/42': premiumRequired,
      'POST /api/coins/spend': json({ message: 'The price is now 80 coins.', code: 'CONFLICT' }, 409),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Purchase Access' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Purchase' }));
    await waitFor(() =>
      expect(shownToast()).toMatchObject({
        title: THREAD_PAGE_TEXT.purchaseFailed,
        description: 'The price is now 80 coins.',
      }),
    );
  });

  it('asks a visitor to log in to purchase, reply and message', async () => {
    mockApi({
      'GET /api/user': signedOut,
      'GET /api/threads/42': json(aThread()),
      'GET /api/threads/42/posts': json([]),
    });
    renderApp('/thread/42', { socket: new FakeSocket().asSocket() });
    expect(await screen.findByRole('link', { name: THREAD_PAGE_TEXT.loginToReply })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Login to Message' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send Message' })).toBeNull();
  });

  it("opens the message dialog addressed to the author, but not on the viewer's own thread", async () => {
    openThread({ 'GET /api/threads/42': json(aThread()), 'GET /api/threads/42/posts': json([]) });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Send Message' }));
    expect(useComposeStore.getState()).toMatchObject({ isOpen: true, targetUsername: 'bob' });
    expect(await screen.findByRole('dialog', { name: 'New Message' }, { timeout: 5000 })).toBeTruthy();
  });

  it('hides Send Message from the author', async () => {
    openThread({
      'GET /api/threads/42': json(aThread({ authorId: 7, authorName: 'alice' })),
      'GET /api/threads/42/posts': json([]),
    });
    await screen.findByRole('complementary', { name: 'Author' });
    expect(screen.queryByRole('button', { name: 'Send Message' })).toBeNull();
  });

  it('watches the thread while it is open and appends pushed replies', async () => {
    const { socket, unmount } = openThread({
      'GET /api/threads/42': json(aThread()),
      'GET /api/threads/42/posts': json([aReply()]),
    });
    await screen.findByRole('article', { name: 'Reply #1' });
    expect(socket.emitted.filter((e) => e.event === 'thread:watch').map((e) => e.args[0])).toEqual([42]);

    socket.push('thread:reply', { threadId: 42, post: aReply({ id: 105, content: 'Pushed live.' }) });
    socket.push('thread:reply', { threadId: 42, post: aReply({ id: 105, content: 'Pushed live.' }) });
    socket.push('thread:reply', { threadId: 41, post: aReply({ id: 106, content: 'Another thread.' }) });
    const pushed = await screen.findByRole('article', { name: 'Reply #2' });
    expect(within(pushed).getByText('Pushed live.')).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Reply #3' })).toBeNull();

    unmount();
    expect(socket.emitted.at(-1)).toEqual({ event: 'thread:unwatch', args: [42] });
  });

  it('watches again and refetches after a new connection', async () => {
    const { socket, fetchMock } = openThread({
      'GET /api/threads/42': json(aThread()),
      'GET /api/threads/42/posts': json([]),
    });
    await screen.findByRole('heading', { level: 1 });
    socket.reconnect();
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/threads/42')).toHaveLength(2));
    expect(socket.emitted.filter((e) => e.event === 'thread:watch')).toHaveLength(2);
  });
});

const ADMIN_ON_THREAD = { canEdit: true, canDelete: true };

describe('/thread/{id} for admins', () => {
  beforeEach(() => {
    useToastStore.setState({ toasts: [] });
    useComposeStore.setState({ isOpen: false, targetUsername: '' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("shows Edit Thread and Delete Thread as the thread's abilities say, whatever the member's role", async () => {
    openThread({
      'GET /api/user': json(aMember({ isModerator: true })),
      'GET /api/threads/42': json(aThread({ abilities: { canEdit: false, canDelete: false } })),
      'GET /api/threads/42/posts': json([]),
    });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('link', { name: 'Edit Thread' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Thread' })).toBeNull();
  });

  it('links Edit Thread to the edit page', async () => {
    openThread({
      'GET /api/user': json(aMember({ isAdmin: true })),
      'GET /api/threads/42': json(aThread({ abilities: ADMIN_ON_THREAD })),
      'GET /api/threads/42/posts': json([]),
    });
    const edit = await screen.findByRole('link', { name: 'Edit Thread' });
    expect(edit.getAttribute('href')).toBe('/edit-thread/42');
  });

  it('deletes after confirmation, says which thread went, and goes home', async () => {
    const { fetchMock, router } = openThread({
      'GET /api/user': json(aMember({ isAdmin: true })),
      'GET /api/threads/42': json(aThread({ sisterThreadId: 43, abilities: ADMIN_ON_THREAD })),
      'GET /api/threads/42/posts': json([]),
      'DELETE /api/admin/threads/42': json({
        message: 'Thread deleted',
        deletedThreadInfo: { id: 42, title: 'Self-hosting a VPN on a budget', sisterThreadId: 43 },
      }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Thread' }));
    const dialog = await screen.findByRole('alertdialog', { name: THREAD_PAGE_TEXT.deleteTitle });
    expect(within(dialog).getByText(/permanently deleted/)).toBeTruthy();
    expect(callsTo(fetchMock, 'DELETE /api/admin/threads/42')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Delete Thread' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(shownToast()).toMatchObject({
      title: THREAD_PAGE_TEXT.deleted,
      description: THREAD_PAGE_TEXT.deletedText('Self-hosting a VPN on a budget'),
    });
  });

  it('toasts a refused deletion', async () => {
    const { router } = openThread({
      'GET /api/user': json(aMember({ isAdmin: true })),
      'GET /api/threads/42': json(aThread({ abilities: ADMIN_ON_THREAD })),
      'GET /api/threads/42/posts': json([]),
      'DELETE /api/admin/threads/42': json({ message: 'Thread not found', code: 'NOT_FOUND' }, 404),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Thread' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete Thread' }));
    await waitFor(() =>
      expect(shownToast()).toMatchObject({ title: THREAD_PAGE_TEXT.deleteFailed, description: 'Thread not found' }),
    );
    expect(router.state.location.pathname).toBe('/thread/42');
  });
});
