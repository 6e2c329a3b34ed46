import type { ServerToClientEvents } from '@enclave/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type ForumSocket, useSocket } from '../realtime/socket-provider.tsx';
import { putPayment, putStaffPayment, refreshTransactions } from './wallet-cache.ts';

/** Keeps this tab's payments, history and staff queue live; mounted once, inside the socket provider. */
export function WalletSync() {
  useWalletEvents(useSocket());
  return null;
}

/** The balance itself is written by the session sync; here its change only makes the history refetch. */
export function useWalletEvents(socket: ForumSocket) {
  const queryClient = useQueryClient();

  useEffect(() => {
    const onPayment: ServerToClientEvents['wallet:payment'] = (payment) => {
      putPayment(queryClient, payment);
      refreshTransactions(queryClient);
    };
    const onBalance: ServerToClientEvents['wallet:balance'] = () => refreshTransactions(queryClient);
    const onStaffPayment: ServerToClientEvents['admin:payment'] = (payment) => putStaffPayment(queryClient, payment);
    socket.on('wallet:payment', onPayment);
    socket.on('wallet:balance', onBalance);
    socket.on('admin:payment', onStaffPayment);
    return () => {
      socket.off('wallet:payment', onPayment);
      socket.off('wallet:balance', onBalance);
      socket.off('admin:payment', onStaffPayment);
    };
  }, [socket, queryClient]);
}
