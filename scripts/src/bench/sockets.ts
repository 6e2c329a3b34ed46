import { io, type Socket } from 'socket.io-client';

const CONNECT_TIMEOUT_MS = 30_000;

export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** Resolves once the server greeted the socket ('session:ready' for the app, 'connect' elsewhere). */
export function connectSocket(url: string, options: { cookie?: string; greeting?: string } = {}): Promise<Socket> {
  const socket = io(url, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    extraHeaders: options.cookie ? { cookie: options.cookie } : undefined,
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.close();
      reject(new Error(`socket did not connect within ${CONNECT_TIMEOUT_MS} ms`));
    }, CONNECT_TIMEOUT_MS);
    socket.once(options.greeting ?? 'connect', () => {
      clearTimeout(timer);
      resolve(socket);
    });
    socket.once('connect_error', (error) => {
      clearTimeout(timer);
      socket.close();
      reject(error);
    });
  });
}

/** Batches keep a 2-core machine from drowning in simultaneous handshakes. */
export async function connectMany(
  count: number,
  open: (index: number) => Promise<Socket>,
  batch = 50,
): Promise<Socket[]> {
  const sockets: Socket[] = [];
  for (let start = 0; start < count; start += batch) {
    const size = Math.min(batch, count - start);
    sockets.push(...(await Promise.all(Array.from({ length: size }, (_, k) => open(start + k)))));
  }
  return sockets;
}

export function closeAll(sockets: Socket[]): void {
  for (const socket of sockets) socket.close();
}
