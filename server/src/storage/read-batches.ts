import type { Model, mongo } from 'mongoose';

interface Asked {
  _id: unknown;
  answers: ((found: unknown) => void)[];
  fail: ((error: unknown) => void)[];
}

/** Reads of one collection waiting for the next turn, by `_id` (as a string: ObjectIds compare by value). */
const waiting = new WeakMap<object, Map<string, Asked>>();
/** At most this many ids go in one read. */
const READ_MAX = 500;

/**
 * A document by `_id`, read together with the collection's other reads by `_id` asked in the same turn of the event
 * loop (the requests read off the network at once): one `{ _id: { $in } }` read, which MongoDB and the patched
 * embedded FerretDB (storage/ferretdb.ts) answer from the `_id` index, id by id. A read twice asked is read once.
 * The document is as stored (no casting, as a `lean()` read).
 */
export function readById<T>(model: Pick<Model<never>, 'collection'>, _id: unknown): Promise<T | null> {
  const collection = model.collection as unknown as mongo.Collection;
  let asked = waiting.get(collection);
  if (!asked) {
    asked = new Map();
    waiting.set(collection, asked);
    const turn = asked;
    setImmediate(() => {
      waiting.delete(collection);
      void read(collection, turn);
    });
  }
  const key = String(_id);
  const known = asked.get(key) ?? { _id, answers: [], fail: [] };
  asked.set(key, known);
  return new Promise<T | null>((resolve, reject) => {
    known.answers.push(resolve as (found: unknown) => void);
    known.fail.push(reject);
  });
}

async function read(collection: mongo.Collection, asked: Map<string, Asked>): Promise<void> {
  const all = [...asked.values()];
  for (let start = 0; start < all.length; start += READ_MAX) {
    const chunk = all.slice(start, start + READ_MAX);
    try {
      const filter = chunk.length === 1 ? { _id: chunk[0]?._id } : { _id: { $in: chunk.map((one) => one._id) } };
      const found = await collection.find(filter as mongo.Filter<mongo.Document>).toArray();
      const byId = new Map(found.map((document) => [String(document._id), document]));
      for (const one of chunk) {
        const document = byId.get(String(one._id)) ?? null;
        // Asked twice in one turn: each asker gets its own top level (a caller may set a field on its answer).
        one.answers.forEach((answer, i) => {
          answer(document && i > 0 ? { ...document } : document);
        });
      }
    } catch (error) {
      for (const one of chunk) for (const fail of one.fail) fail(error);
    }
  }
}

/** Documents by `_id`, in the order asked (null for those missing), read with whatever else this turn reads. */
export const readAllById = <T>(model: Pick<Model<never>, 'collection'>, ids: unknown[]): Promise<(T | null)[]> =>
  Promise.all(ids.map((_id) => readById<T>(model, _id)));
