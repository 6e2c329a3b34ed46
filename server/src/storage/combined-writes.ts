import type { Database } from './domain-models.ts';

interface Waiting {
  resolve: () => void;
  reject: (error: unknown) => void;
}

interface Turn<V> {
  pending?: V;
  waiting: Waiting[];
}

/**
 * Writes to one document (a thread's reply hints) that arrive while one is under way wait, merged, and go as one:
 * twenty replies at once are two writes, not twenty queued on the database's single writer. Each caller answers
 * when a write that covered its value is done (or fails with it). Per app connection, as the lists' memory is.
 */
export function combinedWrites<K, V, C extends Database = Database>(
  merge: (earlier: V, later: V) => V,
  write: (app: C, key: K, value: V) => Promise<void>,
): (app: C, key: K, value: V) => Promise<void> {
  const turns = new WeakMap<object, Map<K, Turn<V>>>();
  return (app, key, value) =>
    new Promise<void>((resolve, reject) => {
      let byKey = turns.get(app.mongo);
      if (!byKey) {
        byKey = new Map();
        turns.set(app.mongo, byKey);
      }
      const known = byKey.get(key);
      if (known) {
        known.pending = known.pending === undefined ? value : merge(known.pending, value);
        known.waiting.push({ resolve, reject });
        return;
      }
      const turn: Turn<V> = { pending: value, waiting: [{ resolve, reject }] };
      byKey.set(key, turn);
      void (async () => {
        while (turn.pending !== undefined) {
          const { pending, waiting } = turn;
          turn.pending = undefined;
          turn.waiting = [];
          try {
            await write(app, key, pending);
            for (const caller of waiting) caller.resolve();
          } catch (error) {
            for (const caller of waiting) caller.reject(error);
          }
        }
        byKey.delete(key);
      })();
    });
}
