/**
 * A child process holding idle authenticated sockets, so their client-side objects stay out of
 * the server's heap while it is measured. Receives { url, cookies }, answers 'ready', exits on 'close'.
 */
import { closeAll, connectMany, connectSocket } from './sockets.ts';

interface Order {
  url: string;
  cookies: string[];
}

process.once('message', async ({ url, cookies }: Order) => {
  try {
    const sockets = await connectMany(cookies.length, (i) =>
      connectSocket(url, { cookie: cookies[i], greeting: 'session:ready' }),
    );
    process.once('message', () => {
      closeAll(sockets);
      process.exit(0);
    });
    process.send?.({ ready: sockets.length });
  } catch (error) {
    process.send?.({ error: String(error) });
    process.exit(1);
  }
});
