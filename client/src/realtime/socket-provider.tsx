import type { ClientToServerEvents, ServerToClientEvents } from '@enclave/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { io, type Socket } from 'socket.io-client';
import { APPROVAL_QUEUE_KEY, REPORT_QUEUE_KEY } from '../admin/admin-cache.ts';
import { MESSAGES_QUERY_KEY, UNREAD_COUNT_QUERY_KEY } from '../messages/message-cache.ts';
import { SESSION_QUERY_KEY } from '../session/use-session.ts';
import { PAYMENT_QUERY_KEY, PENDING_PAYMENTS_QUERY_KEY, TRANSACTIONS_QUERY_KEY } from '../wallet/wallet-cache.ts';

export type ForumSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Exported so tests can provide a fake socket; the app uses <SocketProvider>. */
export const SocketContext = createContext<ForumSocket | null>(null);

/** Queries whose pushed updates a disconnected tab may have missed. */
const MISSABLE_QUERY_KEYS = [
  SESSION_QUERY_KEY,
  MESSAGES_QUERY_KEY,
  UNREAD_COUNT_QUERY_KEY,
  TRANSACTIONS_QUERY_KEY,
  PAYMENT_QUERY_KEY,
  PENDING_PAYMENTS_QUERY_KEY,
  APPROVAL_QUEUE_KEY,
  REPORT_QUEUE_KEY,
];

/** Holds the tab's one socket connection (same origin, session cookie included). */
export function SocketProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  // WebSocket only: no long-polling handshake that would need sticky sessions behind a load balancer.
  const [socket] = useState<ForumSocket>(() =>
    io({ autoConnect: false, withCredentials: true, reconnection: true, transports: ['websocket'] }),
  );

  useEffect(() => {
    let hasConnected = false;
    const onConnect = () => {
      // A recovered connection replays the missed events itself; otherwise refetch what they would have updated.
      if (hasConnected && !socket.recovered) {
        for (const queryKey of MISSABLE_QUERY_KEYS) void queryClient.invalidateQueries({ queryKey });
      }
      hasConnected = true;
    };
    socket.on('connect', onConnect);
    socket.connect();
    return () => {
      socket.off('connect', onConnect);
      socket.disconnect();
    };
  }, [socket, queryClient]);

  return <SocketContext value={socket}>{children}</SocketContext>;
}

export function useSocket(): ForumSocket {
  const socket = useContext(SocketContext);
  if (!socket) throw new Error('useSocket must be used inside <SocketProvider>');
  return socket;
}
