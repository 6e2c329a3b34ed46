import { SECURITY } from '@enclave/protocol';
import type { Socket } from 'socket.io';

/**
 * At most 100 client events per socket in any 10-second window; the socket that sends more is
 * disconnected. A fixed window per socket is enough: it bounds the work one connection can ask for.
 */
export function limitFlooding(socket: Socket): void {
  let windowStart = Date.now();
  let count = 0;
  socket.use((_event, next) => {
    const now = Date.now();
    if (now - windowStart >= SECURITY.socketWindowMs) {
      windowStart = now;
      count = 0;
    }
    count += 1;
    if (count > SECURITY.socketEventsPerWindow) {
      socket.disconnect(true);
      return;
    }
    next();
  });
}
