import { api } from '@enclave/protocol';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../api/query-client.ts';
import type { ForumSocket } from '../realtime/socket-provider.tsx';
import { FakeSocket } from '../testing/fake-socket.ts';
import { aPayment, aStaffPayment } from '../testing/wallet.ts';
import { PENDING_PAYMENTS_QUERY_KEY, paymentQueryKey, TRANSACTIONS_QUERY_KEY } from './wallet-cache.ts';
import { useWalletEvents } from './wallet-sync.tsx';

function Probe({ socket }: { socket: ForumSocket }) {
  useWalletEvents(socket);
  return null;
}

function renderSync() {
  const queryClient = createQueryClient();
  const socket = new FakeSocket();
  render(
    <QueryClientProvider client={queryClient}>
      <Probe socket={socket.asSocket()} />
    </QueryClientProvider>,
  );
  const push: FakeSocket['push'] = (...args) => act(() => socket.push(...args));
  return { queryClient, push };
}

describe('the live wallet', () => {
  it("writes a pushed payment under its key and makes the history refetch ('wallet:payment')", () => {
    const { queryClient, push } = renderSync();
    const history = [...TRANSACTIONS_QUERY_KEY, { limit: 10 }];
    queryClient.setQueryData(history, { pages: [], pageParams: [] });
    const finished = aPayment({ payment_status: 'finished' });

    push('wallet:payment', finished);
    expect(queryClient.getQueryData(paymentQueryKey(finished.payment_id))).toEqual(finished);
    expect(queryClient.getQueryState(history)?.isInvalidated).toBe(true);
  });

  it("makes the history refetch when the balance changes ('wallet:balance')", () => {
    const { queryClient, push } = renderSync();
    const history = [api.transactions.url, { limit: 50 }];
    queryClient.setQueryData(history, { pages: [], pageParams: [] });
    push('wallet:balance', { balance: 900 });
    expect(queryClient.getQueryState(history)?.isInvalidated).toBe(true);
  });

  it("keeps the staff queue of waiting payments, oldest first ('admin:payment')", () => {
    const { queryClient, push } = renderSync();
    const older = aStaffPayment({ id: 1, createdAt: '2026-03-05T09:00:00.000Z' });
    queryClient.setQueryData(PENDING_PAYMENTS_QUERY_KEY, { payments: [older] });
    const queue = () => queryClient.getQueryData<{ payments: { id: number }[] }>(PENDING_PAYMENTS_QUERY_KEY);

    push('admin:payment', aStaffPayment({ id: 2, createdAt: '2026-03-05T10:00:00.000Z' }));
    expect(queue()?.payments.map((p) => p.id)).toEqual([1, 2]);

    push('admin:payment', { ...older, payment_status: 'finished' });
    expect(queue()?.payments.map((p) => p.id)).toEqual([2]);
  });

  it('leaves an unfetched staff queue unfetched', () => {
    const { queryClient, push } = renderSync();
    push('admin:payment', aStaffPayment());
    expect(queryClient.getQueryData(PENDING_PAYMENTS_QUERY_KEY)).toBeUndefined();
  });
});
