import type { ClientToServerEvents, ServerToClientEvents } from '@enclave/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import type { Socket } from 'socket.io-client';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { afterFirstScreen } from '../layout/first-screen.ts';

export type ForumSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * The tab's socket as it becomes available, in a store. The context holds this store, which never changes, not the
 * socket: the socket's arrival then renders only what uses it, where a new context value would make React walk the
 * whole app below the provider, which Lighthouse measured as one of the longest tasks after the first screen
 * (issue #14).
 */
export type SocketSource = StoreApi<{ socket: ForumSocket | null }>;

/** A source holding this socket (or none): the provider's, which it fills, and what tests provide in its place. */
export function socketSource(socket: ForumSocket | null): SocketSource {
  return createStore(() => ({ socket }));
}

/** Exported so tests can provide a fake socket (`socketSource`); the app uses <SocketProvider>. */
export const SocketContext = createContext<SocketSource | undefined>(undefined);

/**
 * Holds the tab's one socket connection. Its code loads once the first screen is there (layout/first-screen.ts), so
 * no page waits for it or shares the network and the main thread with it while it loads.
 */
export function SocketProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [source] = useState(() => socketSource(null));

  useEffect(() => {
    let isCurrent = true;
    let close: (() => void) | undefined;
    const cancel = afterFirstScreen(() => {
      void import('./socket-connection.ts').then(({ openSocket }) => {
        if (!isCurrent) return;
        const connection = openSocket(queryClient);
        close = connection.close;
        source.setState({ socket: connection.socket });
      });
    });
    return () => {
      isCurrent = false;
      cancel();
      close?.();
      source.setState({ socket: null });
    };
  }, [queryClient, source]);

  return <SocketContext value={source}>{children}</SocketContext>;
}

/** The tab's socket, or null while it loads: an effect that uses it runs again once it is there. */
export function useSocket(): ForumSocket | null {
  const source = useContext(SocketContext);
  if (source === undefined) throw new Error('useSocket must be used inside <SocketProvider>');
  return useStore(source, (state) => state.socket);
}
