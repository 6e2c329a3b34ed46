import { PAYMENT_TEXT, SKELETON_ROWS, WALLET_TEXT } from '@enclave/protocol';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Mock } from 'vitest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aMember, json, mockApi } from '../testing/mock-api.ts';
import { renderApp } from '../testing/render-app.tsx';
import { openSelect } from '../testing/select.ts';
import { aTransaction, BTC_HASH } from '../testing/wallet.ts';

const ROWS = [
  aTransaction({ id: 'payment-3', status: 'pending', amount: 250, createdAt: '2026-03-07T12:00:00.000Z' }),
  aTransaction({
    id: 'entry-2',
    amount: -50,
    transactionType: 'unlock_content',
    entryType: 'unlock',
    referenceId: 'thread:12',
    walletAddress: null,
    currency: null,
    createdAt: '2026-03-06T12:00:00.000Z',
  }),
  aTransaction({ id: 'entry-1', transactionHash: BTC_HASH, createdAt: '2026-03-05T12:00:00.000Z' }),
  aTransaction({ id: 'payment-1', status: 'on_hold' as 'failed', createdAt: '2026-03-04T12:00:00.000Z' }),
];

/** The query strings of the history reads, in order. */
const historyReads = (fetchMock: Mock<typeof fetch>) =>
  fetchMock.mock.calls
    .map(([input]) => String(input))
    .filter((url) => url.startsWith('/api/transactions'))
    .map((url) => Object.fromEntries(new URL(url, 'http://x').searchParams));

async function openTransactions(routes: Parameters<typeof mockApi>[0]) {
  const fetchMock = mockApi({ 'GET /api/user': json(aMember()), ...routes });
  renderApp('/transactions');
  const user = userEvent.setup();
  // The first page load also compiles the lazy page's module.
  await screen.findByRole('heading', { name: 'Transactions', level: 1 }, { timeout: 5000 });
  return { fetchMock, user };
}

const rowOf = (text: string) => screen.getByText(text).closest('li') as HTMLElement;

describe('/transactions', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows 5 skeleton rows while the history loads', async () => {
    await openTransactions({});
    const loading = screen.getByText('Loading transactions').closest('[role="status"]') as HTMLElement;
    expect(loading.getAttribute('aria-busy')).toBe('true');
    expect(loading.querySelectorAll('div')).toHaveLength(SKELETON_ROWS.list);
  });

  it('lists rows with long dates, signed coins, status badges and explorer links', async () => {
    await openTransactions({ 'GET /api/transactions': json({ transactions: ROWS, nextCursor: null }) });
    const list = await screen.findByRole('list', { name: 'Transactions' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);

    const unlock = rowOf('Premium discussion unlock');
    expect(unlock.textContent).toContain('-50 coins');
    expect(unlock.textContent).toContain('Completed');
    expect(within(unlock).getByRole('link', { name: 'View thread' }).getAttribute('href')).toBe('/thread/12');
    expect(within(unlock).getByText(/^March 6, 2026 at/)).toBeTruthy();
    expect(within(unlock).queryByRole('link', { name: /explorer/ })).toBeNull();

    const pending = within(list).getAllByRole('listitem')[0] as HTMLElement;
    expect(pending.textContent).toContain('+250 coins');
    expect(pending.textContent).toContain('Pending');

    const paid = within(list).getAllByRole('listitem')[2] as HTMLElement;
    const explorer = within(paid).getByRole('link', { name: /View on explorer/ });
    expect(explorer.getAttribute('href')).toBe(`https://mempool.space/tx/${BTC_HASH}`);
    expect(explorer.getAttribute('rel')).toContain('noopener');

    expect(within(list).getAllByRole('listitem')[3]?.textContent).toContain('on_hold');
  });

  it('filters by type and status', async () => {
    const { fetchMock, user } = await openTransactions({
      'GET /api/transactions': json({ transactions: ROWS, nextCursor: null }),
    });
    await screen.findByRole('list', { name: 'Transactions' });

    await openSelect(user, () => screen.getByRole('button', { name: /Type/ }));
    await user.click(await screen.findByRole('option', { name: 'Purchase' }));
    await openSelect(user, () => screen.getByRole('button', { name: /Status/ }));
    await user.click(await screen.findByRole('option', { name: 'Pending' }));
    await screen.findByRole('list', { name: 'Transactions' });

    expect(historyReads(fetchMock)).toEqual([
      { limit: '50' },
      { limit: '50', type: 'purchase' },
      { limit: '50', type: 'purchase', status: 'pending' },
    ]);
  });

  it('loads older rows from the cursor', async () => {
    const pages = [
      { transactions: ROWS.slice(0, 2), nextCursor: '12-3' },
      { transactions: ROWS.slice(2), nextCursor: null },
    ];
    const { fetchMock, user } = await openTransactions({
      'GET /api/transactions': () => Response.json(pages.shift()),
    });
    await screen.findByRole('list', { name: 'Transactions' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    const list = screen.getByRole('list', { name: 'Transactions' });
    await vi.waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(4));
    expect(historyReads(fetchMock)[1]).toEqual({ limit: '50', cursor: '12-3' });
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it("shows 'Failed to load transactions' with Try Again", async () => {
    let answer = json({ message: 'Something went wrong on our side. Please try again.' }, 500);
    const { user } = await openTransactions({ 'GET /api/transactions': (request) => answer(request) });
    expect(await screen.findByText(PAYMENT_TEXT.loadTransactionsFailed)).toBeTruthy();

    answer = json({ transactions: ROWS, nextCursor: null });
    await user.click(screen.getByRole('button', { name: WALLET_TEXT.tryAgain }));
    expect(await screen.findByRole('list', { name: 'Transactions' })).toBeTruthy();
  });
});
