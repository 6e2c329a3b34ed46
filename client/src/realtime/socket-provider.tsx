import type { ClientToServerEvents, ServerToClientEvents } from '@enclave/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { io, type Socket } from 'socket.io-client';
import { SESSION_QUERY_KEY } from '../session/use-session.ts';

export type ForumSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const SocketContext = createContext<ForumSocket | null>(null);

/** Queries whose pushed updates a disconnected tab may have missed. */
const MISSABLE_QUERY_KEYS = [SESSION_QUERY_KEY];

/** Holds the tab's one socket connection (same origin, session cookie included). */
export function SocketProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [socket] = useState<ForumSocket>(() => io({ autoConnect: false, withCredentials: true, reconnection: true }));

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
