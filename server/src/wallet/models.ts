import { domainModels } from '../storage/index.ts';
import {
  ledgerEntrySchema,
  ledgerKeySchema,
  ledgerMovingSchema,
  movementSchema,
  unfinishedSaleSchema,
} from './ledger-model.ts';

/** The wallet domain's collections: only this domain reads or writes them. */
export const walletModels = domainModels((connection) => ({
  LedgerEntry: connection.model('LedgerEntry', ledgerEntrySchema),
  LedgerKey: connection.model('LedgerKey', ledgerKeySchema),
  LedgerMoving: connection.model('LedgerMoving', ledgerMovingSchema),
  UnfinishedSale: connection.model('UnfinishedSale', unfinishedSaleSchema),
  Movement: connection.model('Movement', movementSchema),
}));
