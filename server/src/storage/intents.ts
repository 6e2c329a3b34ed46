import type { FastifyInstance } from 'fastify';
import { Schema } from 'mongoose';
import type { Database, StorageContext } from './domain-models.ts';
import { isDuplicateKey } from './ids.ts';
import { readById } from './read-batches.ts';
import { storageModels } from './storage-models.ts';
import { deleteDocument, insertDocument } from './write-batches.ts';

/**
 * Work that must finish once begun, whatever crashes: several writes no single write can carry (a bucket rebuilt
 * after its item changed, a sale's two ledger entries). The intent is recorded before the first write, under a key
 * that names the work, and cleared after the last; a process that dies in between leaves it, and the sweep at start
 * finishes it. `finish` must therefore be idempotent: it may run again after any of its own writes.
 *
 * The record's insert is also the decision between two writers of the same work: the unique `_id` refuses the
 * second, whichever backend (FerretDB makes nothing else atomic), and `begin` tells it so.
 *
 * The collection holds only unfinished work, so the sweep reads all of it.
 */
export const intentSchema = new Schema(
  {
    _id: String,
    kind: { type: String, required: true },
    payload: { type: Schema.Types.Mixed, required: true },
    at: { type: Date, required: true },
  },
  { versionKey: false, minimize: false },
);

interface StoredIntent {
  _id: string;
  kind: string;
  payload: unknown;
  at: Date;
}

/** `C` is what the kind's `finish` needs: the app by default, or a domain's narrow context (which the app satisfies). */
export interface Intent<P, C extends StorageContext = FastifyInstance> {
  /** Records the work under `key`: false when it is recorded already (another writer's, under way or left). */
  begin(database: Database, key: string, payload: P): Promise<boolean>;
  /** Clears it: every write is done. */
  done(database: Database, key: string): Promise<void>;
  /** What is recorded under `key`, or null: the work is done or was never begun. */
  pending(database: Database, key: string): Promise<P | null>;
  /** Finishes this kind's intents recorded before `olderThan` (a periodic sweep leaves those in flight alone). */
  sweep(context: C, olderThan?: Date): Promise<number>;
}

/** Every kind, by name: the sweep finds each stored intent's `finish` here. Kinds are declared at module load. */
type Finish<P, C> = (context: C, payload: P) => Promise<unknown>;
const kinds = new Map<string, Finish<never, never>>();

const idOf = (kind: string, key: string) => `${kind}:${key}`;

/**
 * Declares a kind of intent and how to finish one a crash left (idempotent: it may have done any part of it). A
 * `finish` that answers 'later' keeps the intent for a later sweep: work that is not due yet (a mute's end).
 */
export function intent<P, C extends StorageContext = FastifyInstance>(
  kind: string,
  finish: Finish<P, C>,
): Intent<P, C> {
  if (kinds.has(kind)) throw new Error(`intent kind ${kind} declared twice`);
  kinds.set(kind, finish as Finish<never, never>);
  return {
    async begin(app, key, payload) {
      try {
        await insertDocument(storageModels(app).Intent, { _id: idOf(kind, key), kind, payload, at: new Date() });
        return true;
      } catch (error) {
        if (isDuplicateKey(error)) return false;
        throw error;
      }
    },
    async done(app, key) {
      await deleteDocument(storageModels(app).Intent, idOf(kind, key));
    },
    async pending(app, key) {
      const stored = await readById<StoredIntent>(storageModels(app).Intent, idOf(kind, key));
      return stored ? (stored.payload as P) : null;
    },
    sweep: (context, olderThan) => finishStored(context, olderThan, kind),
  };
}

/** The start-up sweep: every intent recorded before `olderThan` (all of them), whatever its kind. */
export const finishIntents = (app: FastifyInstance, olderThan?: Date): Promise<number> => finishStored(app, olderThan);

/**
 * Finishes the intents recorded before `olderThan` (a periodic sweep leaves the ones still in flight alone), of
 * every kind or only of kind `only`, oldest first, each by its kind's `finish`, then clears it; one that fails stays
 * for the next sweep. `context` satisfies every kind it finishes: the app all of them, a kind's own context its
 * kind. Answers how many were finished.
 */
async function finishStored(context: StorageContext, olderThan = new Date(), only?: string): Promise<number> {
  const app = context;
  const stored = await storageModels(app)
    .Intent.find(only ? { kind: only } : {})
    .sort({ at: 1 })
    .lean<StoredIntent[]>();
  let finished = 0;
  for (const { _id, kind, payload, at } of stored) {
    if (at > olderThan) continue;
    const finish = kinds.get(kind);
    if (!finish) {
      app.log.warn({ intent: _id }, 'intent of an unknown kind left as it is');
      continue;
    }
    try {
      if ((await finish(context as never, payload as never)) === 'later') continue;
      await storageModels(app).Intent.deleteOne({ _id });
      finished += 1;
    } catch (error) {
      app.log.error({ err: error, intent: _id }, 'intent not finished: the next sweep tries again');
    }
  }
  // At start every intent found was left by a crash; a kind's periodic sweep finishes work that was due.
  if (finished > 0 && !only) app.log.warn({ finished }, 'finished work a crash left');
  if (finished > 0 && only) app.log.info({ finished, kind: only }, 'intents finished');
  return finished;
}

/** How many intents are recorded, by kind: work under way or left by a crash (a metric; a small collection). */
export async function pendingIntents(database: Database): Promise<Map<string, number>> {
  const stored = await storageModels(database).Intent.find({}, { kind: 1 }).lean<{ kind: string }[]>();
  const counts = new Map<string, number>([...kinds.keys()].map((kind) => [kind, 0]));
  for (const { kind } of stored) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  return counts;
}
