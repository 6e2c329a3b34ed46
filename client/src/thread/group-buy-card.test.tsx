import { FORUM_TEXT, THREAD_PAGE_TEXT, THREAD_TEXT } from '@enclave/protocol';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../stores/toast-store.ts';
import { FakeSocket } from '../testing/fake-socket.ts';
import { aMember, callsTo, json, mockApi, signedOut } from '../testing/mock-api.ts';
import { renderApp } from '../testing/render-app.tsx';
import { aGroupBuyStatus, aGroupBuyThread } from '../testing/thread-fixtures.ts';
import { progressPercent } from './group-buy-card.tsx';
import { formatTimeLeft } from './group-buy-countdown.ts';

beforeAll(() => import('../routes/thread-page.tsx'));
// The page shows after the session, the thread and its replies load: more than a second on a busy machine.
configure({ asyncUtilTimeout: 3000 });

const shownToast = () => useToastStore.getState().toasts.find((toast) => toast.open);

function openGroupBuy(routes: Parameters<typeof mockApi>[0]) {
  const fetchMock = mockApi({
    'GET /api/user': json(aMember({ coinBalance: 200 })),
    'GET /api/threads/42': json(aGroupBuyThread()),
    'GET /api/threads/42/posts': json([]),
    'GET /api/threads/42/group-buy/status': json(aGroupBuyStatus()),
    ...routes,
  });
  const socket = new FakeSocket();
  return { fetchMock, socket, ...renderApp('/thread/42', { socket: socket.asSocket() }) };
}

async function progressBar() {
  const card = await screen.findByRole('region', { name: 'Group Buy' });
  return { card, bar: within(card).getByRole('progressbar', { name: 'Group buy progress' }) };
}

describe('the group-buy card', () => {
  beforeEach(() => useToastStore.setState({ toasts: [] }));
  afterEach(() => vi.unstubAllGlobals());

  it('caps progress at 100%', () => {
    expect(progressPercent(2, 4)).toBe(50);
    expect(progressPercent(5, 4)).toBe(100);
    expect(progressPercent(0, 0)).toBe(0);
  });

  it('shows the places taken, the contribution and a Contribute button', async () => {
    openGroupBuy({});
    const { card, bar } = await progressBar();
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('50'));
    expect(within(card).getByText('2 of 4 participants')).toBeTruthy();
    expect(within(card).getByText('50 coins per participant')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Contribute 50 coins' })).toBeTruthy();
  });

  it('contributes, and then says so', async () => {
    const { fetchMock } = openGroupBuy({
      'POST /api/threads/42/group-buy/contribute': json({
        isCompleted: false,
        message: 'Contribution received',
        current: 3,
        required: 4,
      }),
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Contribute 50 coins' }));

    expect(await screen.findByText(THREAD_TEXT.alreadyContributed)).toBeTruthy();
    expect(screen.getByText('3 of 4 participants')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/threads/42/group-buy/contribute')[0]?.body).toEqual({ amount: 50 });
    expect(shownToast()).toMatchObject({ title: 'Contribution received' });
  });

  it('blocks a contribution the balance cannot cover', async () => {
    const { fetchMock } = openGroupBuy({ 'GET /api/user': json(aMember({ coinBalance: 49 })) });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Contribute 50 coins' }));

    expect(shownToast()).toMatchObject({
      variant: 'destructive',
      title: THREAD_PAGE_TEXT.insufficientCoins,
      description: 'You need at least 50 coins to contribute',
    });
    expect(callsTo(fetchMock, 'POST /api/threads/42/group-buy/contribute')).toHaveLength(0);
  });

  it('says why a contribution failed', async () => {
    openGroupBuy({
      'POST /api/threads/42/group-buy/contribute': json({ message: 'This group buy is full', code: 'CONFLICT' }, 409),
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Contribute 50 coins' }));
    await waitFor(() =>
      expect(shownToast()).toMatchObject({
        title: THREAD_PAGE_TEXT.contributionFailed,
        description: 'This group buy is full',
      }),
    );
  });

  it("tells a participant they've already contributed", async () => {
    openGroupBuy({ 'GET /api/threads/42/group-buy/status': json(aGroupBuyStatus({ isParticipant: true })) });
    expect(await screen.findByText(THREAD_TEXT.alreadyContributed)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Contribute 50 coins' })).toBeNull();
  });

  it('shows Content Unlocked and Group buy complete! once complete', async () => {
    openGroupBuy({
      'GET /api/threads/42': json(aGroupBuyThread({ groupBuyCurrentParticipants: 4, isGroupBuyCompleted: true })),
      'GET /api/threads/42/group-buy/status': json(
        aGroupBuyStatus({ current: 4, isCompleted: true, isParticipant: true }),
      ),
    });
    const { card, bar } = await progressBar();
    expect(await within(card).findByText(THREAD_PAGE_TEXT.contentUnlocked)).toBeTruthy();
    expect(within(card).getByText(THREAD_TEXT.groupBuyComplete)).toBeTruthy();
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
  });

  it('moves the bar when progress is pushed, and completes without a reload, showing a participant the content', async () => {
    let status = aGroupBuyStatus({ isParticipant: true });
    const { socket, fetchMock } = openGroupBuy({ 'GET /api/threads/42/group-buy/status': () => Response.json(status) });
    const { card, bar } = await progressBar();
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('50'));

    socket.push('groupbuy:progress', { threadId: 42, current: 3, required: 4, isCompleted: false });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('75'));
    // An older step arriving late does not move it back.
    socket.push('groupbuy:progress', { threadId: 42, current: 2, required: 4, isCompleted: false });
    socket.push('groupbuy:progress', { threadId: 42, current: 4, required: 4, isCompleted: true });
    const completedAt = '2026-03-06T10:00:00.000Z';
    // The push carries no content: the participant's status, read again, does.
    status = aGroupBuyStatus({ isParticipant: true, isCompleted: true, current: 4, completedAt, content: 'KEY-1234' });
    socket.push('groupbuy:completed', { threadId: 42, completedAt });
    expect(await within(card).findByText(THREAD_TEXT.groupBuyComplete)).toBeTruthy();
    expect(await within(card).findByText('KEY-1234')).toBeTruthy();
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
    expect(callsTo(fetchMock, 'GET /api/threads/42')).toHaveLength(1);
  });

  it('asks a visitor to log in to participate', async () => {
    openGroupBuy({ 'GET /api/user': signedOut });
    expect(await screen.findByRole('link', { name: 'Login to Participate' })).toBeTruthy();
  });

  it('does not offer the organiser a place', async () => {
    openGroupBuy({ 'GET /api/threads/42': json(aGroupBuyThread({ authorId: 7 })) });
    expect(await screen.findByText(FORUM_TEXT.organizerCannotContribute)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Contribute 50 coins' })).toBeNull();
  });

  it('formats the time left in its two largest units', () => {
    expect(formatTimeLeft((6 * 24 + 23) * 3_600_000 + 59_000)).toBe('6d 23h');
    expect(formatTimeLeft(4 * 3_600_000 + 5 * 60_000)).toBe('4h 05m');
    expect(formatTimeLeft(2 * 60_000 + 9_000)).toBe('2m 09s');
    expect(formatTimeLeft(1_500)).toBe('2s');
    expect(formatTimeLeft(-5)).toBe('0s');
  });

  it('counts down to the deadline', async () => {
    const deadline = new Date(Date.now() + (2 * 24 + 3) * 3_600_000 + 30 * 60_000).toISOString();
    openGroupBuy({ 'GET /api/threads/42/group-buy/status': json(aGroupBuyStatus({ deadline })) });
    const { card } = await progressBar();
    expect(await within(card).findByText('Ends in 2d 3h')).toBeTruthy();
  });

  it('stops taking contributions once the deadline is reached, before the server says it expired', async () => {
    const deadline = new Date(Date.now() - 1000).toISOString();
    openGroupBuy({ 'GET /api/threads/42/group-buy/status': json(aGroupBuyStatus({ deadline })) });
    const { card } = await progressBar();
    expect(await within(card).findByText(THREAD_PAGE_TEXT.groupBuyClosing)).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Contribute 50 coins' })).toBeNull();
  });

  it('shows an expiry pushed live, with no Contribute button and no countdown', async () => {
    const { socket } = openGroupBuy({
      'GET /api/threads/42/group-buy/status': json(aGroupBuyStatus({ isParticipant: true })),
    });
    const { card } = await progressBar();
    expect(await within(card).findByText(/^Ends in/)).toBeTruthy();
    socket.push('groupbuy:ended', { threadId: 42, status: 'expired' });
    expect(await within(card).findByText(THREAD_PAGE_TEXT.groupBuyExpiredText)).toBeTruthy();
    expect(within(card).getByText(THREAD_PAGE_TEXT.groupBuyExpiredTitle)).toBeTruthy();
    expect(within(card).queryByText(/^Ends in/)).toBeNull();
    expect(within(card).queryByText(THREAD_TEXT.alreadyContributed)).toBeNull();
  });

  it('shows a cancelled group buy as cancelled', async () => {
    openGroupBuy({ 'GET /api/threads/42/group-buy/status': json(aGroupBuyStatus({ status: 'cancelled' })) });
    const { card } = await progressBar();
    expect(await within(card).findByText(THREAD_PAGE_TEXT.groupBuyCancelledText)).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Contribute 50 coins' })).toBeNull();
  });
});
