import { THREAD_PAGE_TEXT, THREAD_TEXT, TIMINGS } from '@enclave/protocol';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../stores/toast-store.ts';
import { FakeSocket } from '../testing/fake-socket.ts';
import { aMember, callsTo, json, mockApi } from '../testing/mock-api.ts';
import { renderApp } from '../testing/render-app.tsx';
import { anUnlockableThread } from '../testing/thread-fixtures.ts';
import { isOpenableLink } from './premium-discussion.tsx';

beforeAll(() => import('../routes/thread-page.tsx'));
// The page shows after the session, the thread and its replies load: more than a second on a busy machine.
configure({ asyncUtilTimeout: 3000 });

const shownToast = () => useToastStore.getState().toasts.find((toast) => toast.open);
const notUnlocked = json({ isUnlocked: false, content: null, sisterThreadId: null });

function openThread(routes: Parameters<typeof mockApi>[0]) {
  const fetchMock = mockApi({
    'GET /api/user': json(aMember({ coinBalance: 100 })),
    'GET /api/threads/42': json(anUnlockableThread()),
    'GET /api/threads/42/posts': json([]),
    ...routes,
  });
  return { fetchMock, ...renderApp('/thread/42', { socket: new FakeSocket().asSocket() }) };
}

const unlockButton = () => screen.findByRole('button', { name: 'Unlock' });

describe('the premium discussion', () => {
  beforeEach(() => useToastStore.setState({ toasts: [] }));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('first asks whether it is already unlocked, and if so just reveals it', async () => {
    const { fetchMock } = openThread({
      'GET /api/threads/42/check-unlocked': json({
        isUnlocked: true,
        content: 'https://files.example/wordlists.tar.zst',
        sisterThreadId: null,
      }),
    });
    await userEvent.setup().click(await unlockButton());

    expect(await screen.findByText('https://files.example/wordlists.tar.zst')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo(fetchMock, 'GET /api/threads/42/check-unlocked')).toHaveLength(1);
    expect(callsTo(fetchMock, 'POST /api/threads/42/unlock')).toHaveLength(0);
  });

  it('confirms in the Unlock Premium Content dialog with cost and balance, then shows the content', async () => {
    let unlocked = false;
    const { fetchMock } = openThread({
      'GET /api/user': () => Response.json(aMember({ coinBalance: unlocked ? 75 : 100 })),
      'GET /api/threads/42/check-unlocked': notUnlocked,
      'POST /api/threads/42/unlock': () => {
        unlocked = true;
        return Response.json({
          message: 'Premium discussion unlocked',
          content: 'https://files.example/wordlists.tar.zst',
          sisterThreadId: null,
        });
      },
    });
    const user = userEvent.setup();
    await user.click(await unlockButton());

    const dialog = await screen.findByRole('dialog', { name: THREAD_PAGE_TEXT.unlockTitle });
    expect(within(dialog).getByText('25 coins')).toBeTruthy();
    expect(within(dialog).getByText('100 coins')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Unlock for 25 coins' }));

    expect(await screen.findByText('https://files.example/wordlists.tar.zst')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/threads/42/unlock')[0]?.body).toEqual({ cost: 25 });
    expect(shownToast()).toMatchObject({ title: 'Premium discussion unlocked' });
    // The user is refreshed: the header balance follows.
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/user').length).toBeGreaterThan(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens the dialog when the check itself fails', async () => {
    openThread({
      'GET /api/threads/42/check-unlocked': json({ message: 'Something went wrong', code: 'INTERNAL_ERROR' }, 500),
    });
    await userEvent.setup().click(await unlockButton());
    expect(await screen.findByRole('dialog', { name: THREAD_PAGE_TEXT.unlockTitle })).toBeTruthy();
  });

  it('disables the unlock when the balance is below the cost', async () => {
    openThread({
      'GET /api/user': json(aMember({ coinBalance: 10 })),
      'GET /api/threads/42/check-unlocked': notUnlocked,
    });
    await userEvent.setup().click(await unlockButton());

    const dialog = await screen.findByRole('dialog', { name: THREAD_PAGE_TEXT.unlockTitle });
    expect(within(dialog).getByText(THREAD_PAGE_TEXT.insufficientFunds)).toBeTruthy();
    expect(within(dialog).getByText(THREAD_TEXT.insufficientCoins)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Unlock for 25 coins' }).hasAttribute('disabled')).toBe(true);
  });

  it('says why an unlock failed, with the server message', async () => {
    openThread({
      'GET /api/threads/42/check-unlocked': notUnlocked,
      'POST /api/threads/42/unlock': json({ message: 'The price is now 30 coins.', code: 'CONFLICT' }, 409),
    });
    const user = userEvent.setup();
    await user.click(await unlockButton());
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Unlock for 25 coins' }));

    const alert = await within(screen.getByRole('dialog')).findByRole('alert');
    expect(alert.textContent).toContain(THREAD_TEXT.unlockFailed);
    expect(alert.textContent).toContain('The price is now 30 coins.');
    expect(shownToast()).toMatchObject({
      variant: 'destructive',
      title: THREAD_PAGE_TEXT.unlockFailed,
      description: 'The price is now 30 coins.',
    });
  });

  it('goes to the premium sister thread 500 ms after unlocking it', async () => {
    const { router } = openThread({
      'GET /api/threads/42': json(anUnlockableThread({ unlockableType: 'premium_thread', sisterThreadId: 43 })),
      'GET /api/threads/42/check-unlocked': notUnlocked,
      'POST /api/threads/42/unlock': json({
        message: 'Premium discussion unlocked',
        content: null,
        sisterThreadId: 43,
      }),
      'GET /api/threads/43': json(anUnlockableThread({ id: 43, title: 'Signals (Premium Discussion)' })),
    });
    await userEvent.setup().click(await unlockButton());
    const confirm = within(await screen.findByRole('dialog')).getByRole('button', { name: 'Unlock for 25 coins' });

    // Only timeouts are faked, from the (synchronous) click on: the redirect is the timer the unlock schedules.
    const realTimeout = globalThis.setTimeout;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(confirm);
    // Polled on real timeouts: vi.waitFor would move the faked clock on.
    const deadline = Date.now() + 5000;
    while (!shownToast()) {
      if (Date.now() > deadline) throw new Error('no toast within 5 s');
      await new Promise((resolve) => realTimeout(resolve, 10));
    }
    expect(shownToast()).toMatchObject({ title: 'Premium discussion unlocked' });
    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.redirectAfterUnlock - 1));
    expect(router.state.location.pathname).toBe('/thread/42');
    await act(() => vi.advanceTimersByTimeAsync(1));
    // The navigation itself settles on (faked) timeouts too.
    await vi.waitFor(async () => {
      await act(() => vi.advanceTimersByTimeAsync(50));
      expect(router.state.location.pathname).toBe('/thread/43');
    });
  });

  it('shows staff (and anyone holding it) the discussion unlocked, with no Unlock button', async () => {
    openThread({
      'GET /api/user': json(aMember({ isModerator: true })),
      'GET /api/threads/42': json(
        anUnlockableThread({ userHasAccess: true, unlockableType: 'text_content', unlockableContent: 'Prompt 1.' }),
      ),
    });
    expect(await screen.findByText('Prompt 1.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Unlock' })).toBeNull();
  });

  it('opens a download link only when it starts with http', async () => {
    expect(isOpenableLink('https://files.example/a.zip')).toBe(true);
    expect(isOpenableLink('ftp://files.example/a.zip')).toBe(false);
    openThread({
      'GET /api/threads/42': json(anUnlockableThread({ userHasAccess: true, unlockableContent: 'magnet:?xt=urn' })),
    });
    const open = await screen.findByRole('button', { name: 'Open Link' });
    expect(open.hasAttribute('disabled')).toBe(true);
  });

  it('links an http download', async () => {
    openThread({
      'GET /api/threads/42': json(
        anUnlockableThread({ userHasAccess: true, unlockableContent: 'https://x.example/a' }),
      ),
    });
    const open = await screen.findByRole('link', { name: 'Open Link' });
    expect(open.getAttribute('href')).toBe('https://x.example/a');
    expect(open.getAttribute('rel')).toBe('noopener noreferrer');
  });
});
