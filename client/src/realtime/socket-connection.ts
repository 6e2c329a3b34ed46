import type { QueryClient } from '@tanstack/react-query';
import { io } from 'socket.io-client';
import { APPROVAL_QUEUE_KEY, REPORT_QUEUE_KEY } from '../admin/admin-cache.ts';
import { MESSAGES_QUERY_KEY, UNREAD_COUNT_QUERY_KEY } from '../messages/message-cache.ts';
import { NOTIFICATIONS_QUERY_KEY } from '../notifications/notification-cache.ts';
import { SESSION_QUERY_KEY } from '../session/use-session.ts';
import { PAYMENT_QUERY_KEY, PENDING_PAYMENTS_QUERY_KEY, TRANSACTIONS_QUERY_KEY } from '../wallet/wallet-cache.ts';
import type { ForumSocket } from './socket-provider.tsx';

/** Queries whose pushed updates a disconnected tab may have missed. */
const MISSABLE_QUERY_KEYS = [
  SESSION_QUERY_KEY,
  MESSAGES_QUERY_KEY,
  UNREAD_COUNT_QUERY_KEY,
  NOTIFICATIONS_QUERY_KEY,
  TRANSACTIONS_QUERY_KEY,
  PAYMENT_QUERY_KEY,
  PENDING_PAYMENTS_QUERY_KEY,
  APPROVAL_QUEUE_KEY,
  REPORT_QUEUE_KEY,
];

/**
 * The tab's socket (same origin, session cookie included), not connected yet: <LiveSync> connects it once its
 * listeners are on, so no push comes before there is one to hear it. `close` disconnects it.
 */
export function openSocket(queryClient: QueryClient): { socket: ForumSocket; close: () => void } {
  // WebSocket only: no long-polling handshake that would need sticky sessions behind a load balancer.
  const socket: ForumSocket = io({
    autoConnect: false,
    withCredentials: true,
    reconnection: true,
    transports: ['websocket'],
  });
  const onConnect = () => {
    // A recovered connection replays the missed events itself; otherwise refetch what they would have updated.
    // The first connection too: the socket opens after the first screen, whose reads it could not hear change.
    if (!socket.recovered) {
      for (const queryKey of MISSABLE_QUERY_KEYS) void queryClient.invalidateQueries({ queryKey });
    }
  };
  // A push is newer than a read of the same data under way, whose answer could land after it and undo it (a
  // balance pushed while the connection's refetch is out): such reads start again. `session:ready` changes nothing.
  const onPush = (event: string) => {
    if (event === 'session:ready') return;
    for (const queryKey of MISSABLE_QUERY_KEYS) {
      if (queryClient.isFetching({ queryKey }) > 0) void queryClient.invalidateQueries({ queryKey });
    }
  };
  socket.on('connect', onConnect);
  socket.onAny(onPush);
  return {
    socket,
    close: () => {
      socket.off('connect', onConnect);
      socket.offAny(onPush);
      socket.disconnect();
    },
  };
}
