import { domainModels } from '../storage/index.ts';
import { ledgerByTypeSchema, ledgerEntrySchema, ledgerKeySchema, movementSchema } from './ledger-model.ts';

/**
 * The wallet domain's collections: only this domain reads or writes them. `LedgerByType` holds copies of members'
 * entries listed by the history's transaction type (`ledger-by-type.ts`), under a copy of the ledger's schema. Work under
 * way (a movement, a sale owed to its seller) is recorded as the storage module's intents (`ledgerMove`,
 * `sellerCredit` in ledger.ts).
 */
export const walletModels = domainModels((connection) => ({
  LedgerEntry: connection.model('LedgerEntry', ledgerEntrySchema),
  LedgerByType: connection.model('LedgerByType', ledgerByTypeSchema),
  LedgerKey: connection.model('LedgerKey', ledgerKeySchema),
  Movement: connection.model('Movement', movementSchema),
}));
