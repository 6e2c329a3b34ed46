import type { ServerToClientEvents } from '@enclave/protocol';
import type { ForumSocket } from './socket-provider.tsx';

/** Listeners by event: the pushed events, and `connect` for each new connection. */
export type SocketListeners = { [E in keyof ServerToClientEvents]?: ServerToClientEvents[E] } & {
  connect?: () => void;
};

type Listener = (...args: unknown[]) => void;

/**
 * Adds every listener of the map to the socket; the returned function removes them (an effect's cleanup).
 * Without a socket yet (it is loading) there is nothing to add: the effect runs again when it arrives.
 */
export function listen(socket: ForumSocket | null, listeners: SocketListeners): () => void {
  if (!socket) return () => undefined;
  // Each key and its listener were checked against each other where the map was written.
  const entries = Object.entries(listeners) as [keyof SocketListeners, Listener][];
  for (const [event, listener] of entries) socket.on(event, listener);
  return () => {
    for (const [event, listener] of entries) socket.off(event, listener);
  };
}
