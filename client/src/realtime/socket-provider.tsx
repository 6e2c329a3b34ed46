import type { ClientToServerEvents, ServerToClientEvents } from '@enclave/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import type { Socket } from 'socket.io-client';
import { afterFirstScreen } from '../layout/first-screen.ts';

export type ForumSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Exported so tests can provide a fake socket; the app uses <SocketProvider>. Null while the socket loads. */
export const SocketContext = createContext<ForumSocket | null | undefined>(undefined);

/**
 * Holds the tab's one socket connection. Its code loads once the first screen is there (layout/first-screen.ts), so
 * no page waits for it or shares the network and the main thread with it while it loads.
 */
export function SocketProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [socket, setSocket] = useState<ForumSocket | null>(null);

  useEffect(() => {
    let isCurrent = true;
    let close: (() => void) | undefined;
    const cancel = afterFirstScreen(() => {
      void import('./socket-connection.ts').then(({ openSocket }) => {
        if (!isCurrent) return;
        const connection = openSocket(queryClient);
        close = connection.close;
        setSocket(connection.socket);
      });
    });
    return () => {
      isCurrent = false;
      cancel();
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
