import { api, type Payment, type StaffPayment } from '@enclave/protocol';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { call } from '../api/client.ts';

export const PACKAGES_QUERY_KEY = [api.paymentPackages.url] as const;
export const CURRENCIES_QUERY_KEY = [api.paymentCurrencies.url] as const;
/** Every page and filter of the history, and the wallet's recent rows, share this prefix. */
export const TRANSACTIONS_QUERY_KEY = [api.transactions.url] as const;
/** The prefix of every `[api.payment.url, paymentId]`. */
export const PAYMENT_QUERY_KEY = [api.payment.url] as const;
export const PENDING_PAYMENTS_QUERY_KEY = [api.pendingPayments.url] as const;

/** The wallet's form reads both; its route's loader asks for them with the page's code (router.tsx). */
export const paymentPackagesQuery = queryOptions({
  queryKey: PACKAGES_QUERY_KEY,
  queryFn: ({ signal }) => call(api.paymentPackages, { signal, silent: true }),
});
export const paymentCurrenciesQuery = queryOptions({
  queryKey: CURRENCIES_QUERY_KEY,
  queryFn: ({ signal }) => call(api.paymentCurrencies, { signal, silent: true }),
});

export const paymentQueryKey = (paymentId: string) => [api.payment.url, paymentId] as const;

/** A payment as answered or pushed: the same data under the same key. */
export function putPayment(queryClient: QueryClient, payment: Payment) {
  queryClient.setQueryData(paymentQueryKey(payment.payment_id), payment);
}

/** The history is not pushed row by row: a balance or payment change makes it refetch. */
export function refreshTransactions(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: TRANSACTIONS_QUERY_KEY });
}

/**
 * The staff queue holds waiting self-custody payments, oldest first: a pushed payment joins it while it waits
 * and leaves it once confirmed or rejected. A queue that was never fetched stays unfetched.
 */
export function putStaffPayment(queryClient: QueryClient, payment: StaffPayment) {
  queryClient.setQueryData<{ payments: StaffPayment[] }>(PENDING_PAYMENTS_QUERY_KEY, (queue) => {
    if (!queue) return queue;
    const others = queue.payments.filter((item) => item.id !== payment.id);
    if (payment.payment_status !== 'waiting' || payment.provider !== 'self-custody') return { payments: others };
    const payments = [...others, payment].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id);
    return { payments };
  });
}
