import type { ClientToServerEvents, ServerToClientEvents } from '@enclave/protocol';
import type { ForumSocket } from '../realtime/socket-provider.tsx';

type Listener = (...args: never[]) => void;

/**
 * A connected socket without a server: it records what the client emits, acknowledges every
 * `thread:watch`, and `push` delivers a server event as if it had arrived.
 */
export class FakeSocket {
  connected = true;
  recovered = false;
  readonly emitted: { event: keyof ClientToServerEvents; args: unknown[] }[] = [];
  private readonly listeners = new Map<string, Set<Listener>>();

  on(event: string, listener: Listener) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)?.add(listener);
    return this;
  }

  off(event: string, listener: Listener) {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  emit(event: keyof ClientToServerEvents, ...args: unknown[]) {
    this.emitted.push({ event, args });
    const ack = args.at(-1);
    if (event === 'thread:watch' && typeof ack === 'function') ack({ ok: true });
    return this;
  }

  push<E extends keyof ServerToClientEvents>(event: E, ...args: Parameters<ServerToClientEvents[E]>) {
    this.deliver(event, args);
  }

  disconnect() {
    this.connected = false;
    return this;
  }

  connect() {
    this.connected = true;
    return this;
  }

  /** The server refused the handshake (its middleware answered an error with `data`). */
  refuse(data: unknown) {
    this.deliver('connect_error', [Object.assign(new Error('refused'), { data })]);
  }

  /** A new connection after a drop (not a recovered one). */
  reconnect() {
    this.deliver('connect', []);
  }

  private deliver(event: string, args: unknown[]) {
    for (const listener of this.listeners.get(event) ?? []) (listener as (...values: unknown[]) => void)(...args);
  }

  asSocket(): ForumSocket {
    return this as unknown as ForumSocket;
  }
}
