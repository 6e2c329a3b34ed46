import { type BlockedMember, MESSAGE_TEXT } from '@enclave/protocol';
import { badRequest, forbidden } from '../errors.ts';
import {
  append,
  type Database,
  headOf,
  isDuplicateKey,
  readById,
  readRange,
  type StorageContext,
} from '../storage/index.ts';
import { storedMembers } from '../users/accounts.ts';
import type { DirectoryPart } from '../users/context.ts';
import { presentPublicUser } from '../users/presenter.ts';
import { findMember } from '../users/service.ts';
import type { UserRecord } from '../users/user-model.ts';
import { type BlockEntry, blockKey, blockListOf, type MemberBlockRecord } from './block-model.ts';
import { messageModels } from './models.ts';
import { canBeBlocked } from './policy.ts';

/**
 * Idempotent: blocking twice keeps the first block and its date. The list entry is written first,
 * so a block always has one; an entry whose block was refused (already blocked) or undone stays unshown.
 */
export async function blockMember(
  app: StorageContext & DirectoryPart<'member'>,
  viewer: UserRecord,
  memberId: number,
): Promise<BlockedMember> {
  if (memberId === viewer.id) throw badRequest(MESSAGE_TEXT.cannotBlockYourself);
  const member = await findMember(app, memberId);
  if (!canBeBlocked(member)) throw forbidden(MESSAGE_TEXT.cannotBlockStaff);
  const key = blockKey(viewer.id, member.id);
  let block = await messageModels(app).MemberBlock.findById(key).lean<MemberBlockRecord>();
  if (!block) {
    const createdAt = new Date();
    await append(app, messageModels(app).BlockEntry, blockListOf(viewer.id), () => ({
      blockedId: member.id,
      createdAt,
    }));
    try {
      block = (
        await messageModels(app).MemberBlock.create({ _id: key, blockerId: viewer.id, blockedId: member.id, createdAt })
      ).toObject();
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      block = await messageModels(app).MemberBlock.findById(key).lean<MemberBlockRecord>();
    }
  }
  return { user: presentPublicUser(member), blockedAt: (block as MemberBlockRecord).createdAt.toISOString() };
}

export async function unblockMember(app: Database, viewer: UserRecord, memberId: number): Promise<void> {
  await messageModels(app).MemberBlock.deleteOne({ _id: blockKey(viewer.id, memberId) });
}

/** Latest first: the member's block entries read by bucket, each checked against its block by key. */
export async function blockedMembers(app: StorageContext, viewer: UserRecord): Promise<BlockedMember[]> {
  const list = blockListOf(viewer.id);
  const head = await headOf(app, messageModels(app).BlockEntry, list);
  const entries = (await readRange(app, messageModels(app).BlockEntry, list, 1, head, head)).reverse();
  const memberIds = [...new Set(entries.map((entry) => entry.blockedId))];
  const [blocks, users] = await Promise.all([
    Promise.all(
      memberIds.map((id) => readById<MemberBlockRecord>(messageModels(app).MemberBlock, blockKey(viewer.id, id))),
    ),
    storedMembers(app, memberIds),
  ]);
  const standing = new Map(blocks.flatMap((block) => (block ? [[block.blockedId, block.createdAt.getTime()]] : [])));
  const byId = new Map(users.map((user) => [user.id, user]));
  const shown = new Set<number>();
  return entries.flatMap((entry: BlockEntry) => {
    const user = byId.get(entry.blockedId);
    if (!user || shown.has(entry.blockedId) || standing.get(entry.blockedId) !== new Date(entry.createdAt).getTime()) {
      return [];
    }
    shown.add(entry.blockedId);
    return [{ user: presentPublicUser(user), blockedAt: new Date(entry.createdAt).toISOString() }];
  });
}

/** Why `sender` may not message `recipient`, if a block stands between them: two point reads. */
export async function blockBetween(app: Database, sender: UserRecord, recipientId: number): Promise<string | null> {
  const [byRecipient, bySender] = await Promise.all([
    readById(messageModels(app).MemberBlock, blockKey(recipientId, sender.id)),
    readById(messageModels(app).MemberBlock, blockKey(sender.id, recipientId)),
  ]);
  if (canBeBlocked(sender) && byRecipient) return MESSAGE_TEXT.blockedByRecipient;
  if (bySender) return MESSAGE_TEXT.blockedBySender;
  return null;
}
