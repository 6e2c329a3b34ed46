import { attemptSlotSchema } from './attempt-slots.ts';
import { domainModels } from './domain-models.ts';
import { intentSchema } from './intents.ts';
import { listBucketSchema, listHeadSchema } from './keyed-list.ts';
import { migrationSchema } from './migrations.ts';
import { expiringListSchema, sweptMonthSchema } from './monthly-lists.ts';
import { snapshotManifestSchema } from './snapshot-manifest.ts';

/** storage's own collections: only this module reads or writes them. */
export const storageModels = domainModels((connection) => ({
  AttemptSlot: connection.model('AttemptSlot', attemptSlotSchema),
  ListHead: connection.model('ListHead', listHeadSchema),
  ListBucket: connection.model('ListBucket', listBucketSchema),
  Intent: connection.model('Intent', intentSchema),
  Migration: connection.model('Migration', migrationSchema),
  ExpiringList: connection.model('ExpiringList', expiringListSchema),
  SweptMonth: connection.model('SweptMonth', sweptMonthSchema),
  SnapshotManifest: connection.model('SnapshotManifest', snapshotManifestSchema),
}));
