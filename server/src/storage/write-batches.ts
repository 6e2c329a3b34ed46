import type { Model, mongo } from 'mongoose';

/** A document as stored (the driver's own type: no casting happens here). */
type Document = mongo.Document & { _id: unknown };
type Update = Record<string, unknown>;

/** One write of one document, named by `_id`: the only filter the embedded database answers from an index. */
export type WriteById =
  | { insertOne: { document: Document } }
  | { updateOne: { filter: { _id: unknown }; update: Update; upsert?: boolean } }
  | { deleteOne: { filter: { _id: unknown } } };

interface Queued {
  write: WriteById;
  resolve: () => void;
  reject: (error: unknown) => void;
}

interface Lane {
  queued: Queued[];
  busy: boolean;
}

/** At most this many writes go in one command. */
const BATCH_MAX = 500;
const lanes = new WeakMap<object, Lane>();

/**
 * A write by `_id` to a collection, sent together with that collection's other writes: the first waits for the
 * requests already read off the network (`setImmediate`), and those that arrive while a command is under way go in
 * the next, one unordered bulk command for all of them. On the embedded database a command's cost is mostly its
 * own (a round trip, the driver's work, FerretDB's transaction), not its documents': twenty purchases at once write
 * their intents in one insert, not twenty (measured: one insert 0.5 ms, 2,000 documents in one insert 45 ms).
 * Each write answers alone: the database's refusal of one (a duplicate key) is that caller's error, with its code.
 */
export function writeById(collection: mongo.Collection, write: WriteById): Promise<void> {
  let lane = lanes.get(collection);
  if (!lane) {
    lane = { queued: [], busy: false };
    lanes.set(collection, lane);
  }
  const line = lane;
  return new Promise<void>((resolve, reject) => {
    line.queued.push({ write, resolve, reject });
    if (line.busy) return;
    line.busy = true;
    setImmediate(() => void drain(collection, line));
  });
}

async function drain(collection: mongo.Collection, lane: Lane): Promise<void> {
  while (lane.queued.length > 0) {
    const batch = lane.queued.splice(0, BATCH_MAX);
    try {
      await collection.bulkWrite(
        batch.map(({ write }) => write as unknown as mongo.AnyBulkWriteOperation),
        { ordered: false },
      );
      for (const { resolve } of batch) resolve();
    } catch (error) {
      const refused = refusedWrites(error);
      batch.forEach(({ resolve, reject }, i) => {
        if (!refused) reject(error);
        else {
          const refusal = refused.get(i);
          if (refusal) reject(refusal);
          else resolve();
        }
      });
    }
  }
  lane.busy = false;
}

/** The database refused this one write (a duplicate key, say): its code says why. */
export class WriteRefused extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
  }
}

/** The first document an ordered insert refused: its index, and why; undefined if the database said none. */
export function firstRefusal(error: unknown): { index: number; refusal: WriteRefused } | undefined {
  const [first] = refusedWrites(error) ?? [];
  return first && { index: first[0], refusal: first[1] };
}

/**
 * The writes the database refused, by their index in the batch (in order); null when it refused none, so the error is
 * the whole batch's. The driver wraps a lost connection in the same `MongoBulkWriteError` as a refusal, with an empty
 * `writeErrors`: that is no write stored, never every write stored.
 */
export function refusedWrites(error: unknown): Map<number, WriteRefused> | null {
  const writeErrors = (error as { writeErrors?: mongo.WriteError[] | mongo.WriteError }).writeErrors;
  // The driver's WriteError answers through getters: read them one by one.
  const all = Array.isArray(writeErrors) ? [...writeErrors] : writeErrors ? [writeErrors] : [];
  if (all.length === 0) return null;
  const refused = new Map<number, WriteRefused>();
  for (const writeError of all.sort((a, b) => a.index - b.index)) {
    refused.set(writeError.index, new WriteRefused(writeError.errmsg ?? 'write refused', writeError.code));
  }
  return refused;
}

/** Inserts a document as it is (no casting: give it as stored), with the collection's other writes. */
export const insertDocument = <D extends { _id: unknown }>(model: Pick<Model<never>, 'collection'>, document: D) =>
  writeById(model.collection as unknown as mongo.Collection, { insertOne: { document: document as Document } });

/** Updates the document with this `_id`, with the collection's other writes. */
export const updateDocument = (
  model: Pick<Model<never>, 'collection'>,
  _id: unknown,
  update: Update,
  { upsert = false } = {},
) => writeById(model.collection as unknown as mongo.Collection, { updateOne: { filter: { _id }, update, upsert } });

/** Deletes the document with this `_id`, with the collection's other writes. */
export const deleteDocument = (model: Pick<Model<never>, 'collection'>, _id: unknown) =>
  writeById(model.collection as unknown as mongo.Collection, { deleteOne: { filter: { _id } } });
