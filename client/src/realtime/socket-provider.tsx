import type { ClientToServerEvents, ServerToClientEvents } from '@enclave/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import type { Socket } from 'socket.io-client';
import { afterFirstScreen } from '../layout/first-screen.ts';

export type ForumSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * The tab's socket as it becomes available. The context holds this source, which never changes, not the socket:
 * the socket's arrival then renders only what uses it, where a new context value would make React walk the whole
 * app below the provider, which Lighthouse measured as one of the longest tasks after the first screen (issue #14).
 */
export interface SocketSource {
  current: () => ForumSocket | null;
  subscribe: (onChange: () => void) => () => void;
}

function createSocketSource(): SocketSource & { set: (socket: ForumSocket | null) => void } {
  let socket: ForumSocket | null = null;
  const listeners = new Set<() => void>();
  return {
    current: () => socket,
    subscribe: (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    set: (next) => {
      socket = next;
      for (const listener of listeners) listener();
    },
  };
}

/** A source that always gives this socket (or none): what tests provide in place of <SocketProvider>. */
export function fixedSocket(socket: ForumSocket | null): SocketSource {
  return { current: () => socket, subscribe: () => () => {} };
}

/** Exported so tests can provide a fake socket (`fixedSocket`); the app uses <SocketProvider>. */
export const SocketContext = createContext<SocketSource | undefined>(undefined);

/**
 * Holds the tab's one socket connection. Its code loads once the first screen is there (layout/first-screen.ts), so
 * no page waits for it or shares the network and the main thread with it while it loads.
 */
export function SocketProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [source] = useState(createSocketSource);

  useEffect(() => {
    let isCurrent = true;
    let close: (() => void) | undefined;
    const cancel = afterFirstScreen(() => {
      void import('./socket-connection.ts').then(({ openSocket }) => {
        if (!isCurrent) return;
        const connection = openSocket(queryClient);
        close = connection.close;
        source.set(connection.socket);
      });
    });
    return () => {
      isCurrent = false;
      cancel();
      close?.();
      source.set(null);
    };
  }, [queryClient, source]);

  return <SocketContext value={source}>{children}</SocketContext>;
}

/** The tab's socket, or null while it loads: an effect that uses it runs again once it is there. */
export function useSocket(): ForumSocket | null {
  const source = useContext(SocketContext);
  if (source === undefined) throw new Error('useSocket must be used inside <SocketProvider>');
  return useSyncExternalStore(source.subscribe, source.current);
}
