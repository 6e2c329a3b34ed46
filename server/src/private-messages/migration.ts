import type { FastifyInstance } from 'fastify';
import type { Collection, mongo } from 'mongoose';
import { isDuplicateKey } from '../db/ids.ts';
import { append, BUCKET, bucketKey, itemKey, packItem } from '../db/keyed-list.ts';
import type { Migration } from '../db/migrations.ts';
import { blockKey, blockListOf } from './block-model.ts';
import { type BoxItem, inboxOf, sentOf } from './message-model.ts';
import { settle, settledOf } from './unread.ts';

type Document = mongo.Document;

/** A message as stored before the boxes: the read state on the document, no locator. */
interface LegacyMessage extends Omit<BoxItem, '_id' | 'list' | 'n' | 'removedAt'> {
  _id: unknown;
}

/** Indexes the scans used, now dead weight on every write (and one that would refuse the keyed blocks). */
const RETIRED_INDEXES: Record<string, string[]> = {
  privatemessages: ['recipientId_1_id_-1', 'senderId_1_id_-1', 'recipientId_1_isRead_1'],
  memberblocks: ['blockerId_1_blockedId_1'],
};

async function dropRetiredIndexes(app: FastifyInstance): Promise<void> {
  for (const [name, indexes] of Object.entries(RETIRED_INDEXES)) {
    const collection = app.mongo.collection(name);
    const present = new Set((await collection.indexes().catch(() => [])).map((index) => index.name));
    for (const index of indexes) if (present.has(index)) await collection.dropIndex(index);
  }
}

/** Writes that may have happened already (a run a crash stopped): the same documents, so a duplicate is done. */
async function insertAll(collection: Collection, documents: Document[]): Promise<void> {
  for (let i = 0; i < documents.length; i += 1000) {
    await collection.insertMany(documents.slice(i, i + 1000), { ordered: false }).catch((error: unknown) => {
      const writeErrors = (error as { writeErrors?: unknown[] }).writeErrors;
      if (!(Array.isArray(writeErrors) ? writeErrors.every(isDuplicateKey) : isDuplicateKey(error))) throw error;
    });
  }
}

async function writeAll(collection: Collection, operations: Document[]): Promise<void> {
  for (let i = 0; i < operations.length; i += 1000) {
    await collection.bulkWrite(operations.slice(i, i + 1000) as never, { ordered: false });
  }
}

/** Blocks under `{blocker}:{blocked}` with their list entries, oldest first; each old document removed once converted. */
async function migrateBlocks(app: FastifyInstance): Promise<void> {
  const legacy = (await app.models.MemberBlock.collection.find({}).toArray())
    .filter((doc) => typeof doc._id !== 'string')
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  for (const doc of legacy) {
    const _id = blockKey(doc.blockerId, doc.blockedId);
    if (!(await app.models.MemberBlock.exists({ _id }))) {
      const { blockerId, blockedId, createdAt } = doc;
      await append(app, app.models.BlockEntry, blockListOf(blockerId), () => ({ blockedId, createdAt }));
      await app.models.MemberBlock.collection
        .insertOne({ _id, blockerId, blockedId, createdAt } as never)
        .catch((error) => {
          if (!isDuplicateKey(error)) throw error;
        });
    }
    await app.models.MemberBlock.collection.deleteOne({ _id: doc._id });
  }
}

/**
 * Every message still in the old layout gets the next numbers of its two boxes, in id order, after
 * those of messages already converted: the same numbers on every run, so a run a crash stopped is
 * simply run again. Items, buckets, heads and settlements of read messages are written, and last the
 * locator, which marks the message converted (the document itself is left as it was).
 */
async function migrateMessages(app: FastifyInstance, progress: (done: number, total: number) => void) {
  const [all, locators] = await Promise.all([
    app.models.PrivateMessage.collection.find({}).toArray(),
    app.models.MessageLocator.collection.find({}).toArray(),
  ]);
  const located = new Map(locators.map((locator) => [Number(locator._id), locator]));
  const legacy = (all.filter((doc) => !located.has(doc.id)) as unknown as LegacyMessage[]).sort((a, b) => a.id - b.id);
  if (legacy.length === 0) return;
  const top = new Map<string, number>();
  const mixed = new Set<string>();
  for (const doc of all) {
    const locator = located.get(doc.id);
    if (!locator) continue;
    for (const [list, n] of [
      [inboxOf(doc.recipientId), locator.inboxN],
      [sentOf(doc.senderId), locator.sentN],
    ] as const) {
      top.set(list, Math.max(top.get(list) ?? 0, n));
      mixed.add(list);
    }
  }
  const items = new Map<string, BoxItem[]>();
  const numbered = legacy.map((doc) => {
    const message = {
      id: doc.id,
      content: doc.content,
      senderId: doc.senderId,
      recipientId: doc.recipientId,
      isRead: doc.isRead === true,
      readAt: doc.readAt ?? null,
      hasAttachment: doc.hasAttachment ?? false,
      attachmentType: doc.attachmentType ?? null,
      attachmentData: doc.attachmentData ?? null,
      createdAt: doc.createdAt,
      removedAt: null,
    };
    const [inboxN, sentN] = [inboxOf(doc.recipientId), sentOf(doc.senderId)].map((list) => {
      const n = (top.get(list) ?? 0) + 1;
      top.set(list, n);
      const box = items.get(list) ?? [];
      box.push({ ...message, _id: itemKey(list, n), list, n });
      items.set(list, box);
      return n;
    });
    return { doc, inboxN, sentN };
  });
  // Two steps a message: its box items (with buckets, heads and settlements), then its locator.
  const total = legacy.length * 2;
  progress(0, total);
  await insertAll(app.models.MessageBoxItem.collection, [...items.values()].flat());

  // A bucket all of whose items are converted here is written whole; any other is left to read repair.
  const buckets: Document[] = [];
  const heads: Document[] = [];
  for (const [list, boxItems] of items) {
    const head = top.get(list) as number;
    heads.push({ updateOne: { filter: { _id: list }, update: { $max: { n: head } }, upsert: true } });
    const byNumber = new Map(boxItems.map((item) => [item.n, item]));
    for (let bucket = Math.floor(((boxItems[0]?.n ?? 1) - 1) / BUCKET); bucket * BUCKET < head; bucket++) {
      const numbers = Array.from(
        { length: Math.min(BUCKET, head - bucket * BUCKET) },
        (_, i) => bucket * BUCKET + i + 1,
      );
      const whole = numbers.map((n) => byNumber.get(n));
      const _id = bucketKey(list, bucket);
      buckets.push(
        whole.every((item) => item !== undefined)
          ? { replaceOne: { filter: { _id }, replacement: { items: whole.map(packItem) }, upsert: true } }
          : { deleteOne: { filter: { _id } } },
      );
    }
  }
  await writeAll(app.models.ListBucket.collection, buckets);
  await writeAll(app.models.ListHead.collection, heads);
  await settleRead(app, legacy, mixed);
  progress(legacy.length, total);

  // Inserts, not updates: on FerretDB an update by `_id` reads the whole collection.
  for (let i = 0; i < numbered.length; i += 1000) {
    const batch = numbered.slice(i, i + 1000);
    await insertAll(
      app.models.MessageLocator.collection,
      batch.map(({ doc, inboxN, sentN }) => ({ _id: String(doc.id), inboxN, sentN })),
    );
    progress(legacy.length + i + batch.length, total);
  }
}

/**
 * Read messages are settled (see unread.ts): in an inbox made only of converted messages, as entries
 * 1, 2, … in id order, the same on every run; in any other, one by one through `settle`, which its
 * unique settlement makes idempotent.
 */
async function settleRead(app: FastifyInstance, legacy: LegacyMessage[], mixed: Set<string>) {
  const read = legacy.filter((doc) => doc.isRead);
  await insertAll(
    app.models.MessageSettlement.collection,
    read
      .filter((doc) => !mixed.has(inboxOf(doc.recipientId)))
      .map((doc) => ({ _id: String(doc.id), readAt: doc.readAt ?? doc.createdAt, removedAt: null })),
  );
  const entries = new Map<number, Document[]>();
  for (const doc of read) {
    const how = { readAt: doc.readAt ?? doc.createdAt, removedAt: null };
    if (mixed.has(inboxOf(doc.recipientId))) {
      await settle(app, doc, how);
      continue;
    }
    const list = settledOf(doc.recipientId);
    const own = entries.get(doc.recipientId) ?? [];
    own.push({ _id: itemKey(list, own.length + 1), list, n: own.length + 1, messageId: doc.id });
    entries.set(doc.recipientId, own);
  }
  await insertAll(app.models.SettledEntry.collection, [...entries.values()].flat());
  await writeAll(
    app.models.ListHead.collection,
    [...entries].map(([memberId, own]) => ({
      updateOne: { filter: { _id: settledOf(memberId) }, update: { $max: { n: own.length } }, upsert: true },
    })),
  );
}

export const messageBoxesMigration: Migration = {
  name: 'message-boxes',
  async run(app, progress) {
    await dropRetiredIndexes(app);
    await migrateBlocks(app);
    await migrateMessages(app, progress);
  },
};
