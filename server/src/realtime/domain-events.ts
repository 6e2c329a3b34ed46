import { EventEmitter } from 'node:events';

/**
 * What happened, after it was written. Services publish these; only the realtime
 * dispatcher turns them into socket events, so no handler emits to a socket itself.
 */
export interface DomainEventMap {
  'session.revoked': { userId: number; reason: 'banned' | 'password_changed' | 'logged_out' | 'deleted' };
  'wallet.balance': { userId: number; balance: number };
}

export class DomainEvents {
  readonly #emitter = new EventEmitter({ captureRejections: true });

  publish<K extends keyof DomainEventMap>(type: K, payload: DomainEventMap[K]): void {
    this.#emitter.emit(type, payload);
  }

  on<K extends keyof DomainEventMap>(type: K, listener: (payload: DomainEventMap[K]) => void): void {
    this.#emitter.on(type, listener);
  }
}
