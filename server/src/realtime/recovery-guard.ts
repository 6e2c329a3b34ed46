import type { SocketData } from '@enclave/protocol';
import type { Namespace, ServerOptions, Socket } from 'socket.io';
import type { Adapter } from 'socket.io-adapter';

export type AdapterConstructor = ServerOptions['adapter'];

const RECOVERY_WINDOW_MS = 2 * 60 * 1000;

/**
 * Connection state recovery restores a socket's rooms and writes the packets it missed to the wire before any
 * middleware runs, so a session must be checked where it is restored. A session whose member was signed out in
 * the meantime (logout, password change, ban, deletion) is not restored: the socket comes back as a new one, its
 * handshake is refused once (`endedOnReturn`), so the tab signs out, and later tries with the same private id are
 * plain new connections.
 */
export function recoveryGuard(stillSignedIn: (data: SocketData) => Promise<boolean>) {
  /** Private session ids refused because their session ended: true until the handshake has refused it once. */
  const ended = new Map<string, boolean>();

  /** The adapter class with a session check in front of its `restoreSession`. */
  function guarded(Inner: AdapterConstructor): AdapterConstructor {
    // A plain function, so that Socket.IO can `new` it; it answers the adapter it built.
    return function GuardedAdapter(nsp: Namespace) {
      const adapter: Adapter = Reflect.construct(Inner as new (nsp: Namespace) => Adapter, [nsp]);
      const restore = adapter.restoreSession.bind(adapter);
      adapter.restoreSession = (async (pid: string, offset: string) => {
        if (ended.has(pid)) return null;
        const session = await restore(pid, offset);
        if (!session || (await stillSignedIn(session.data as SocketData))) return session;
        ended.set(pid, true);
        setTimeout(() => ended.delete(pid), RECOVERY_WINDOW_MS).unref();
        return null;
      }) as Adapter['restoreSession'];
      return adapter;
    } as unknown as AdapterConstructor;
  }

  /** Whether this handshake is a socket coming back to a session that ended while it was away (answered once). */
  function endedOnReturn(socket: Socket): boolean {
    const pid: unknown = socket.handshake.auth?.pid;
    if (typeof pid !== 'string' || ended.get(pid) !== true) return false;
    ended.set(pid, false);
    return true;
  }

  return { guarded, endedOnReturn, windowMs: RECOVERY_WINDOW_MS };
}
