import { type Collection, type Model, Types } from 'mongoose';
import { readById } from './read-batches.ts';
import { firstRefusal, insertDocument } from './write-batches.ts';

/**
 * A write refused by a unique index, atomically on every backend. MongoDB answers E11000;
 * FerretDB answers E11000 on insert but an InternalError naming SQLite's "UNIQUE constraint
 * failed" on update, and says not which index in the first case, so callers that need to
 * know (a taken username or a taken email) ask the collection, not the error.
 */
export function isDuplicateKey(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === 11000 || (typeof message === 'string' && message.includes('UNIQUE constraint failed'));
}

/**
 * The internal `_id` of the document with numeric `id`. Derived, so that a lookup by id can be a
 * lookup by `_id`: the only filter FerretDB's SQLite backend answers from an index (any other
 * filter reads the whole collection); on MongoDB it is the `_id` index.
 */
export const internalId = (id: number): Types.ObjectId => new Types.ObjectId(id.toString(16).padStart(24, '0'));

/** The filter that addresses the document with numeric `id` by key: a point read or write on every backend. */
export const byNumericId = (id: number) => ({ _id: internalId(id) });

/** The document with numeric `id`, lean, or null: a point read, so a miss is a miss, never a scan. */
export async function findByNumericId<T>(model: Model<T>, id: number): Promise<T | null> {
  if (!Number.isSafeInteger(id) || id < 1) return null;
  return readById<T>(model, internalId(id));
}

/** The documents with these numeric ids, read by key together (see findByNumericId), in no particular order. */
export async function findAllByNumericId<T>(model: Model<T>, ids: Iterable<number>): Promise<T[]> {
  const found = await Promise.all([...new Set(ids)].map((id) => findByNumericId(model, id)));
  return found.filter((document): document is NonNullable<typeof document> => document !== null);
}

/** Inserts into one collection waiting for their numbers, and the next number this process expects to be free. */
interface Allocator {
  next: number | null;
  waiting: Waiting[];
  writing: boolean;
}

interface Waiting {
  doc: object;
  resolve: (stored: never) => void;
  reject: (error: unknown) => void;
}

const allocators = new WeakMap<Model<never>, Allocator>();
/** At most this many documents are numbered and inserted together. */
const BATCH_MAX = 100;

/** Ids probed together, in one read by key, per round trip of `highestId`. */
const PROBES = 32;

/**
 * The highest id at or above `known` (an id in use, or 0) in a collection whose ids have no gaps, by reads by key of
 * `PROBES` ids at a time: forward by doubling steps (known + 1, + 2, + 4, ... + 2^31 in one read), then a search
 * that splits the range left into 33 each read: 4 round trips at 20,000 documents, 5 at a million, where probing
 * one id at a time took some 30 and 40 (the first list after a start waited for them). A sort by `id` reads and sorts
 * the whole collection on FerretDB (seconds for 100,000 messages).
 */
export async function highestId<T>(model: Model<T>, known = 0): Promise<number> {
  // Which of `ids` are in use: one read of their `_id`s, answered from the `_id` index.
  const inUse = async (ids: number[]) => {
    const found = await model.find({ _id: { $in: ids.map(internalId) } }, { _id: 1 }).lean<{ _id: Types.ObjectId }[]>();
    return new Set(found.map((document) => Number.parseInt(document._id.toHexString(), 16)));
  };
  // The highest probe in use becomes `low`, the lowest above it not in use `high` (ids in use are a prefix).
  const narrow = async (probes: number[]): Promise<number | undefined> => {
    const used = await inUse(probes);
    const upTo = probes.filter((id) => used.has(id)).reduce((a, b) => Math.max(a, b), low);
    low = upTo;
    return probes.find((id) => id > upTo && !used.has(id));
  };
  let low = known;
  let high: number | undefined;
  while (high === undefined) {
    high = await narrow(Array.from({ length: PROBES }, (_, i) => low + 2 ** i));
  }
  while (high - low > 1) {
    const span: number = high - low;
    const count = Math.min(PROBES, span - 1);
    const probes: number[] = Array.from({ length: count }, (_, i) => low + Math.floor(((i + 1) * span) / (count + 1)));
    high = (await narrow([...new Set(probes)])) ?? high;
  }
  return low;
}

/** The highest id in use: by key where ids have no gaps, else (documents deleted outright) by a sort. */
async function topId<T>(model: Model<T>, deletedOutright: boolean, known: number): Promise<number> {
  if (!deletedOutright) return highestId(model, known);
  const top = await model.findOne({}, { id: 1 }).sort({ id: -1 }).lean<{ id: number }>();
  return top?.id ?? 0;
}

export interface IdOptions {
  /**
   * The collection's documents are deleted outright, not kept as tombstones: its ids may have gaps, where a probe by key
   * would stop and give a deleted document's id again, so the highest is found by a sort (small collections only).
   */
  deletedOutright?: boolean;
}

/**
 * Inserts `doc` under the next numeric `id`. The unique index on `id` is what makes ids
 * distinct (an `$inc` counter is not atomic on FerretDB): a process that loses the race
 * to another process looks for the highest id again, from the one it lost, and retries. Inside one process the
 * inserts into a collection take turns, and those that arrive while one is written go together in the next: numbered
 * in arrival order, inserted in one ordered command (twenty messages at once are one insert, not twenty in a row). A
 * document its schema refuses, or the database refuses (say, a taken username), is that caller's error and takes no
 * number, so no gap is left.
 */
export function insertWithId<T extends { id: number }>(
  model: Model<T>,
  doc: Omit<T, 'id'>,
  { deletedOutright = false }: IdOptions = {},
): Promise<T> {
  const key = model as unknown as Model<never>;
  let allocator = allocators.get(key);
  if (!allocator) {
    allocator = { next: null, waiting: [], writing: false };
    allocators.set(key, allocator);
  }
  const state = allocator;
  return new Promise<T>((resolve, reject) => {
    state.waiting.push({ doc, resolve: resolve as (stored: never) => void, reject });
    if (state.writing) return;
    state.writing = true;
    void (async () => {
      while (state.waiting.length > 0) {
        await insertNumbered(model, state, state.waiting.splice(0, BATCH_MAX), deletedOutright);
      }
      state.writing = false;
    })();
  });
}

/** Casts each document as its model would save it (defaults, validation): one the schema refuses answers at once. */
async function cast<T>(model: Model<T>, batch: Waiting[]) {
  const ready: { waiting: Waiting; fields: Record<string, unknown> }[] = [];
  for (const waiting of batch) {
    try {
      // The number is set once known; 1 stands in for it meanwhile (an `id` is required).
      const document = new model({ ...waiting.doc, id: 1 });
      // What `save()` would stamp (a schema with timestamps): set here, since the batch is inserted by the driver.
      (document as { initializeTimestamps?: () => void }).initializeTimestamps?.();
      await document.validate();
      ready.push({ waiting, fields: document.toObject({ depopulate: true }) as Record<string, unknown> });
    } catch (error) {
      waiting.reject(error);
    }
  }
  return ready;
}

/** Numbers a batch from the next free id and inserts it in order; never throws (each failure is its caller's). */
async function insertNumbered<T>(model: Model<T>, state: Allocator, batch: Waiting[], deletedOutright: boolean) {
  let todo = await cast(model, batch);
  let known = 0;
  try {
    while (todo.length > 0) {
      state.next ??= (await topId(model, deletedOutright, known)) + 1;
      const first = state.next;
      const docs = todo.map(({ fields }, i) => ({ ...fields, id: first + i, _id: internalId(first + i) }));
      const refused = await insertInOrder(model, docs);
      const stored = refused?.index ?? docs.length;
      todo.slice(0, stored).forEach(({ waiting }, i) => {
        waiting.resolve(docs[i] as never);
      });
      todo = todo.slice(stored);
      state.next = first + stored;
      if (!refused) continue;
      if (isDuplicateKey(refused.refusal) && (await model.exists(byNumericId(state.next)))) {
        // Another process took that id: look again from it.
        known = state.next;
        state.next = null;
      } else {
        todo[0]?.waiting.reject(refused.refusal);
        todo = todo.slice(1);
      }
    }
  } catch (error) {
    for (const { waiting } of todo) waiting.reject(error);
  }
}

/** Inserts in order, stopping at the first the database refuses: which one, and why (undefined when all went in). */
async function insertInOrder<T>(model: Model<T>, docs: object[]) {
  try {
    await model.collection.insertMany(docs as never[], { ordered: true });
    return undefined;
  } catch (error) {
    const refused = firstRefusal(error);
    if (!refused) throw error;
    return refused;
  }
}

/**
 * Claim-once: inserts `doc` under its `_id` as it is (the driver's insert, no casting), unless a document holds that
 * `_id` already (another writer of the same claim, or one a crash left). Answers whether this insert won: the unique
 * `_id` decides, atomically on every backend.
 */
export async function claimOnce(
  model: Pick<Model<never>, 'collection'>,
  doc: { _id: unknown } & Record<string, unknown>,
): Promise<boolean> {
  try {
    await insertDocument(model, doc);
    return true;
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
    return false;
  }
}

const DELETES_PER_COMMAND = 1000;

/**
 * Deletes documents by `_id`, a thousand a command. Each delete is a point write; one `$in` over them
 * all is a scan of the collection, and FerretDB's SQLite backend refuses it past 32,766 ids.
 */
export async function deleteByIds(collection: Pick<Collection, 'bulkWrite'>, ids: unknown[]): Promise<void> {
  for (let start = 0; start < ids.length; start += DELETES_PER_COMMAND) {
    const deletes = ids.slice(start, start + DELETES_PER_COMMAND).map((_id) => ({ deleteOne: { filter: { _id } } }));
    await collection.bulkWrite(deletes as never[], { ordered: false });
  }
}
