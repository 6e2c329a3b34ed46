import type { Connection } from 'mongoose';
import { pictureSchema, userSchema } from '../users/user-model.ts';
import { ledgerEntrySchema } from '../wallet/ledger-model.ts';
import { attemptSlotSchema } from './attempt-slots.ts';

/** Every collection, bound to one connection. Each domain adds its model here. */
export function registerModels(connection: Connection) {
  return {
    User: connection.model('User', userSchema),
    ProfilePicture: connection.model('ProfilePicture', pictureSchema),
    AttemptSlot: connection.model('AttemptSlot', attemptSlotSchema),
    LedgerEntry: connection.model('LedgerEntry', ledgerEntrySchema),
  };
}
export type Models = ReturnType<typeof registerModels>;
