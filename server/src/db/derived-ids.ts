import type { FastifyInstance } from 'fastify';
import type { Model, mongo } from 'mongoose';
import { internalId } from './ids.ts';
import type { Migration } from './migrations.ts';

/**
 * Documents written before `_id`s were derived from numeric ids (and profile pictures, keyed by their
 * member since) move under their derived `_id`, so every lookup by id is a point read and a miss
 * never falls back to a scan. The unique `id` index forbids the two copies side by side, so each
 * move is journalled first: copy to the journal, delete, insert under the new key, clear the journal.
 * A crash anywhere leaves the document or its journal copy, and the next run finishes the move.
 */
export const derivedIds: Migration = {
  name: 'derived-ids',
  async run(app, progress) {
    const { ProfilePicture, ...models } = app.models as unknown as Record<string, Model<never>>;
    const keyed: [mongo.Collection, string][] = [
      ...Object.values(models)
        // Keyed-list items (string `_id`s such as `replies:7:3`) keep theirs.
        .filter((model) => model.schema.path('id') && model.schema.path('_id')?.instance === 'ObjectId')
        .map((model): [mongo.Collection, string] => [model.collection as unknown as mongo.Collection, 'id']),
      [ProfilePicture?.collection as unknown as mongo.Collection, 'userId'],
    ];
    const journal = app.mongo.collection<Journalled>('migration_journal') as unknown as mongo.Collection<Journalled>;
    await finishJournalled(app, journal);
    let done = 0;
    for (const [collection, field] of keyed) {
      for await (const doc of collection.find({}, { projection: { _id: 1, [field]: 1 } })) {
        const id = doc[field] as unknown;
        if (typeof id !== 'number' || internalId(id).equals(doc._id as never)) continue;
        const whole = await collection.findOne({ _id: doc._id });
        if (!whole) continue;
        await journal.insertOne({
          _id: `${collection.collectionName}:${String(doc._id)}`,
          collection: collection.collectionName,
          doc: whole,
        });
        await collection.deleteOne({ _id: doc._id });
        await moveJournalled(app, journal, collection.collectionName, whole, id);
        done += 1;
        progress(done, done);
      }
    }
  },
};

interface Journalled {
  _id: string;
  collection: string;
  doc: mongo.Document;
}

async function moveJournalled(
  app: FastifyInstance,
  journal: mongo.Collection<Journalled>,
  name: string,
  doc: mongo.Document,
  id: number,
): Promise<void> {
  const derived = internalId(id);
  const target = app.mongo.collection(name);
  if (!(await target.findOne({ _id: derived }))) await target.insertOne({ ...doc, _id: derived });
  await journal.deleteOne({ _id: `${name}:${String(doc._id)}` });
}

/** Moves a crash left half-done: the document is in the journal, and maybe not yet under its new key. */
async function finishJournalled(app: FastifyInstance, journal: mongo.Collection<Journalled>): Promise<void> {
  for await (const entry of journal.find()) {
    const id = (entry.doc.id ?? entry.doc.userId) as number;
    await app.mongo.collection(entry.collection).deleteOne({ _id: entry.doc._id });
    await moveJournalled(app, journal, entry.collection, entry.doc, id);
  }
}
