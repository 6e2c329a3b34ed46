import type { FastifyInstance } from 'fastify';

/**
 * A stored thing changed: the read models holding it re-read it by key. `balance` carries a member's balance after
 * ledger entry `seq`; `session` says a session (by its item key) ended, so no process trusts what it remembered of it;
 * `holdings` says a member gained access to a thread; `all` re-reads everything (after a restore).
 */
export type Change =
  | { kind: 'thread' | 'member' | 'category' | 'holdings'; id: number }
  | { kind: 'balance'; id: number; seq: number; balance: number }
  | { kind: 'session'; key: string }
  | { kind: 'all' };

type Listener = (change: Change) => void;

/**
 * Changes to what the in-memory read models hold, told to this process and, with REDIS_URL, to every
 * other server process through the Socket.IO adapter's server-side events, so each one's forum index
 * and member directory follow writes made anywhere.
 */
export class Changes {
  readonly #listeners: Listener[] = [];
  #others: ((change: Change) => void) | null = null;

  on(listener: Listener): void {
    this.#listeners.push(listener);
  }

  /** Tells this process's read models, then the other processes'. */
  tell(change: Change): void {
    this.#deliver(change);
    this.#others?.(change);
  }

  #deliver(change: Change): void {
    for (const listener of this.#listeners) listener(change);
  }

  /** Wires the other processes in, once Socket.IO and its adapter exist. */
  connect(app: FastifyInstance): void {
    if (!app.config.REDIS_URL) return;
    app.io.on('readModel:changed', (change) => this.#deliver(change));
    this.#others = (change) => app.io.serverSideEmit('readModel:changed', change);
  }
}
