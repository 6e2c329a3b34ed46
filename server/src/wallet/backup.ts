import type { mongo } from 'mongoose';
import type { Database } from '../storage/index.ts';
import { walletModels } from './models.ts';

/** The ledger's entries in a backup, from the backup's documents by collection name (as its file names them). */
export function backedUpLedger(
  database: Database,
  documentsOf: (collection: string) => mongo.Document[],
): mongo.Document[] {
  return documentsOf(walletModels(database).LedgerEntry.collection.collectionName);
}
