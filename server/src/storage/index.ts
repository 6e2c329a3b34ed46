/**
 * The storage module: what the domains may use of the database, in the product's shapes. Everything else in this
 * folder (buckets, head hints, probes, packing, repairs, the storage's own collections) is private to it, and
 * `npm test` fails when code outside imports it (`.dependency-cruiser.cjs`). See docs/storage.md.
 */

/** Many owners at once: a marker each, an item each at the end of their own lists, in one command. */
export { appendEach, claimEach, type NextItem } from './at-once.ts';
/** Claim-once and bounded tries: a unique insert says who won. */
export { claimSlot, releaseSlots, slotsFreeAt } from './attempt-slots.ts';
/** The connection, and what a request sees when the database is away. */
export {
  CONNECTION_OPTIONS,
  databaseGate,
  databaseUnavailable,
  isDatabaseReachable,
  isDatabaseUnavailable,
} from './availability.ts';
/** Writes to one document that arrive together, combined into one. */
export { combinedWrites } from './combined-writes.ts';
/** A domain's own collections, and the start that builds every collection's indexes. */
export { type Database, domainModels, registerCollections, type StorageContext } from './domain-models.ts';
/** Which database runs: MONGODB_URI, else an embedded one. */
export { type DatabaseServer, startDatabaseServer, withDatabase } from './embedded.ts';
export { type RunningFerretdb, startFerretdb } from './ferretdb.ts';
/** Documents under numeric ids, unique keys, and claim-once (a unique insert that says who won). */
export {
  byNumericId,
  claimOnce,
  deleteByIds,
  findAllByNumericId,
  findByNumericId,
  highestId,
  insertWithId,
  internalId,
  isDuplicateKey,
} from './ids.ts';
/** Work that must finish once begun: recorded, done, cleared; the start-up sweep finishes what a crash left. */
export { finishIntents, type Intent, intent, pendingIntents } from './intents.ts';
/** Ordered lists with a head: append, page forward and back, count, rewrite, remove. */
export {
  type AppendOptions,
  append,
  appendAfter,
  deleteList,
  firstSince,
  forgetLists,
  headOf,
  importIdLists,
  importList,
  itemKey,
  itemsReadByKey,
  type ListItem,
  listId,
  listItemFields,
  readAtHead,
  readGrown,
  readItem,
  readLast,
  readNewest,
  readRange,
  rewriteItem,
  trimList,
} from './keyed-list.ts';
export { type Migration, markMigrated, registerMigrations, runMigrations } from './migrations.ts';
/** Records kept for a while, a list per owner per month, removed whole. */
export {
  appendMonthly,
  type MonthlyKind,
  monthBefore,
  monthlyList,
  monthOf,
  monthsSince,
  recordAt,
  recordIdOf,
  removeExpiredMonths,
  removeOwnerRecords,
  scheduleMonthlySweep,
} from './monthly-lists.ts';
/** Reads and writes by `_id` that arrive together, sent as one command each. */
export { readAllById, readById } from './read-batches.ts';
export { connectRedis } from './redis.ts';
/** A large value kept whole under a name (a read model's state): chunks, then a manifest written last. */
export type { SnapshotManifest } from './snapshot-manifest.ts';
export { dropSnapshot, readSnapshot, snapshotManifest, writeSnapshot } from './snapshots.ts';
export { deleteDocument, insertDocument, updateDocument } from './write-batches.ts';
