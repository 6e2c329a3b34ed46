import { ErrorCode, FORUM_TEXT, SERVER_TEXT, THREAD_PAGE_TEXT, VALIDATION } from '@enclave/protocol';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../stores/toast-store.ts';
import { FakeSocket } from '../testing/fake-socket.ts';
import { aMember, callsTo, json, mockApi } from '../testing/mock-api.ts';
import { renderApp } from '../testing/render-app.tsx';
import { aReply, aThread } from '../testing/thread-fixtures.ts';

beforeAll(() => import('../routes/thread-page.tsx'));
// The page shows after the session, the thread and its replies load: more than a second on a busy machine.
configure({ asyncUtilTimeout: 3000 });

const shownToast = () => useToastStore.getState().toasts.find((toast) => toast.open);

function openThread(routes: Parameters<typeof mockApi>[0]) {
  const fetchMock = mockApi({
    'GET /api/user': json(aMember()),
    'GET /api/threads/42': json(aThread()),
    'GET /api/threads/42/posts': json([aReply()]),
    ...routes,
  });
  return { fetchMock, ...renderApp('/thread/42', { socket: new FakeSocket().asSocket() }) };
}

async function reply(text: string) {
  const user = userEvent.setup();
  const form = await screen.findByRole('form', { name: THREAD_PAGE_TEXT.leaveReply });
  if (text) await user.type(within(form).getByLabelText('Your reply'), text);
  await user.click(within(form).getByRole('button', { name: 'Post Reply' }));
  return form;
}

describe('the reply form', () => {
  beforeEach(() => useToastStore.setState({ toasts: [] }));
  afterEach(() => vi.unstubAllGlobals());

  it('requires content before calling the server', async () => {
    const { fetchMock } = openThread({});
    const form = await reply('');
    expect(await within(form).findByText(VALIDATION.contentRequired)).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/threads/42/posts')).toHaveLength(0);
  });

  it('posts a reply, lists it as the next number and clears the form', async () => {
    const { fetchMock } = openThread({
      'POST /api/threads/42/posts': json(
        aReply({ id: 101, authorId: 7, authorName: 'alice', content: 'Thanks!' }),
        201,
      ),
    });
    const form = await reply('Thanks!');

    const posted = await screen.findByRole('article', { name: 'Reply #2' });
    expect(within(posted).getByText('Thanks!')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/threads/42/posts')[0]?.body).toEqual({ content: 'Thanks!' });
    await waitFor(() => expect((within(form).getByLabelText('Your reply') as HTMLTextAreaElement).value).toBe(''));
  });

  it('opens the purchase dialog when posting answers 402', async () => {
    openThread({
      'POST /api/threads/42/posts': json(
        {
          message: SERVER_TEXT.premiumRequired,
          code: ErrorCode.PremiumRequired,
          details: { threadId: 42, title: 'Self-hosting a VPN on a budget', premiumCost: 40, authorName: 'bob' },
        },
        402,
      ),
    });
    await reply('Can I read this?');

    const dialog = await screen.findByRole('dialog', { name: THREAD_PAGE_TEXT.purchaseTitle });
    expect(within(dialog).getByText('40 coins')).toBeTruthy();
    expect(shownToast()).toBeUndefined();
  });

  it('shows the rate limit with the server message', async () => {
    openThread({
      'POST /api/threads/42/posts': json({ message: FORUM_TEXT.replyRateLimited, code: ErrorCode.RateLimited }, 429),
    });
    await reply('Again');
    await waitFor(() =>
      expect(shownToast()).toMatchObject({
        variant: 'destructive',
        title: THREAD_PAGE_TEXT.replyFailed,
        description: FORUM_TEXT.replyRateLimited,
      }),
    );
  });

  it("toasts 'Failed to post reply' with the server message", async () => {
    openThread({
      'POST /api/threads/42/posts': json({ message: 'You are muted until tomorrow', code: ErrorCode.Muted }, 403),
    });
    await reply('Hello');
    await waitFor(() =>
      expect(shownToast()).toMatchObject({
        title: THREAD_PAGE_TEXT.replyFailed,
        description: 'You are muted until tomorrow',
      }),
    );
  });
});
