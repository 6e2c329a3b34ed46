import { groupBuyEscrow } from '../group-buys/escrow-migration.ts';
import { followingFromParticipants } from '../notifications/following-migration.ts';
import { participantsFromReplies } from '../notifications/participants-migration.ts';
import { repliesByKey } from '../posts/replies-by-key-migration.ts';
import { messageBoxesMigration } from '../private-messages/migration.ts';
import { holdingsByKey } from '../threads/holdings-by-key-migration.ts';
import { walletByKey } from '../wallet/wallet-migration.ts';
import { derivedIds } from './derived-ids.ts';
import type { Migration } from './migrations.ts';

/** Every migration, oldest first. Append new ones at the end; never rename or reorder one that shipped. */
export const MIGRATIONS: readonly Migration[] = [
  derivedIds,
  walletByKey,
  repliesByKey,
  holdingsByKey,
  messageBoxesMigration,
  groupBuyEscrow,
  participantsFromReplies,
  followingFromParticipants,
];
