import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { listen } from '../realtime/listen.ts';
import { type ForumSocket, useSocket } from '../realtime/socket-provider.tsx';
import { putPayment, putStaffPayment, refreshTransactions } from './wallet-cache.ts';

/** Keeps this tab's payments, history and staff queue live; mounted once, inside the socket provider. */
export function WalletSync() {
  useWalletEvents(useSocket());
  return null;
}

/** The balance itself is written by the session sync; here its change only makes the history refetch. */
export function useWalletEvents(socket: ForumSocket | null) {
  const queryClient = useQueryClient();

  useEffect(
    () =>
      listen(socket, {
        'wallet:payment': (payment) => {
          putPayment(queryClient, payment);
          refreshTransactions(queryClient);
        },
        'wallet:balance': () => refreshTransactions(queryClient),
        'admin:payment': (payment) => putStaffPayment(queryClient, payment),
      }),
    [socket, queryClient],
  );
}
