import type { ClientToServerEvents, ServerToClientEvents } from '@enclave/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import type { Socket } from 'socket.io-client';

export type ForumSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Exported so tests can provide a fake socket; the app uses <SocketProvider>. Null while the socket loads. */
export const SocketContext = createContext<ForumSocket | null | undefined>(undefined);

/**
 * Holds the tab's one socket connection. Its code loads after the first render, so no page waits for it (the
 * socket never connected before that render anyway).
 */
export function SocketProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [socket, setSocket] = useState<ForumSocket | null>(null);

  useEffect(() => {
    let isCurrent = true;
    let close: (() => void) | undefined;
    void import('./socket-connection.ts').then(({ openSocket }) => {
      if (!isCurrent) return;
      const connection = openSocket(queryClient);
      close = connection.close;
      setSocket(connection.socket);
    });
    return () => {
      isCurrent = false;
      close?.();
    };
  }, [queryClient]);

  return <SocketContext value={socket}>{children}</SocketContext>;
}

/** The tab's socket, or null while it loads: an effect that uses it runs again once it is there. */
export function useSocket(): ForumSocket | null {
  const socket = useContext(SocketContext);
  if (socket === undefined) throw new Error('useSocket must be used inside <SocketProvider>');
  return socket;
}
