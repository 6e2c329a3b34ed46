import {
  api,
  type ConfirmPaymentBody,
  type CreatePaymentBody,
  isPaymentCurrency,
  PAYMENT_TEXT,
  type PaymentCurrency,
  type TransactionStatus,
  type TransactionType,
} from '@enclave/protocol';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../api/client.ts';
import {
  PENDING_PAYMENTS_QUERY_KEY,
  paymentCurrenciesQuery,
  paymentPackagesQuery,
  paymentQueryKey,
  putPayment,
  putStaffPayment,
  TRANSACTIONS_QUERY_KEY,
} from './wallet-cache.ts';

/** Packages and the currencies the provider accepts; a failure shows on the page ('Failed to load payment options'). */
export function usePaymentOptions() {
  const packages = useQuery(paymentPackagesQuery);
  const currencies = useQuery({
    ...paymentCurrenciesQuery,
    select: (codes): PaymentCurrency[] => codes.filter(isPaymentCurrency),
  });
  return {
    packages: packages.data,
    currencies: currencies.data,
    isLoading: packages.isLoading || currencies.isLoading,
    isError: packages.isError || currencies.isError,
    retry: () => {
      if (packages.isError) void packages.refetch();
      if (currencies.isError) void currencies.refetch();
    },
  };
}

/** What a package's price (USD) costs in a currency. */
export function usePriceEstimate(amount: number, currency: string) {
  return useQuery({
    queryKey: [api.estimatePayment.url, amount, currency],
    queryFn: ({ signal }) =>
      call(api.estimatePayment, {
        body: { amount, currency },
        signal,
        errorTitle: PAYMENT_TEXT.estimateFailed,
      }),
  });
}

export function useCreatePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePaymentBody) => call(api.createPayment, { body, errorTitle: PAYMENT_TEXT.createFailed }),
    onSuccess: (payment) => putPayment(queryClient, payment),
  });
}

/** One of the member's payments; kept live by 'wallet:payment'. */
export function usePayment(paymentId: string) {
  return useQuery({
    queryKey: paymentQueryKey(paymentId),
    queryFn: ({ signal }) => call(api.payment, { params: { paymentId }, signal }),
  });
}

export interface TransactionFilters {
  type?: TransactionType;
  status?: TransactionStatus;
}

/** The history, newest first, a page at a time; a failure shows on the page ('Failed to load transactions'). */
export function useTransactions(limit: number, filters: TransactionFilters = {}) {
  return useInfiniteQuery({
    queryKey: [...TRANSACTIONS_QUERY_KEY, { limit, ...filters }],
    queryFn: ({ pageParam, signal }) =>
      call(api.transactions, { query: { limit, ...filters, cursor: pageParam }, signal, silent: true }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

export function usePendingPayments() {
  return useQuery({
    queryKey: PENDING_PAYMENTS_QUERY_KEY,
    queryFn: ({ signal }) => call(api.pendingPayments, { signal, silent: true }),
  });
}

export function useConfirmPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: ConfirmPaymentBody & { id: number }) =>
      call(api.confirmPayment, { params: { id }, body }),
    onSuccess: (payment) => putStaffPayment(queryClient, payment),
  });
}

export function useRejectPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(api.rejectPayment, { params: { id } }),
    onSuccess: (payment) => putStaffPayment(queryClient, payment),
  });
}
