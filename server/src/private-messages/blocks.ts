import { type BlockedMember, MESSAGE_TEXT } from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import { findAllByNumericId, isDuplicateKey } from '../db/ids.ts';
import { badRequest, forbidden } from '../errors.ts';
import { presentPublicUser } from '../users/presenter.ts';
import { findMember } from '../users/service.ts';
import type { UserRecord } from '../users/user-model.ts';
import type { MemberBlockRecord } from './block-model.ts';
import { canBeBlocked } from './policy.ts';

/** Idempotent: blocking twice keeps the first block and its date. */
export async function blockMember(app: FastifyInstance, viewer: UserRecord, memberId: number): Promise<BlockedMember> {
  if (memberId === viewer.id) throw badRequest(MESSAGE_TEXT.cannotBlockYourself);
  const member = await findMember(app, memberId);
  if (!canBeBlocked(member)) throw forbidden(MESSAGE_TEXT.cannotBlockStaff);
  const key = { blockerId: viewer.id, blockedId: member.id };
  let block: MemberBlockRecord;
  try {
    block = (await app.models.MemberBlock.create({ ...key, createdAt: new Date() })).toObject();
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
    block = (await app.models.MemberBlock.findOne(key).lean<MemberBlockRecord>()) as MemberBlockRecord;
  }
  return { user: presentPublicUser(member), blockedAt: block.createdAt.toISOString() };
}

export async function unblockMember(app: FastifyInstance, viewer: UserRecord, memberId: number): Promise<void> {
  await app.models.MemberBlock.deleteOne({ blockerId: viewer.id, blockedId: memberId });
}

export async function blockedMembers(app: FastifyInstance, viewer: UserRecord): Promise<BlockedMember[]> {
  const blocks = await app.models.MemberBlock.find({ blockerId: viewer.id })
    .sort({ createdAt: -1 })
    .lean<MemberBlockRecord[]>();
  const users = await findAllByNumericId(
    app.models.User,
    blocks.map((block) => block.blockedId),
  );
  const byId = new Map(users.map((user) => [user.id, user]));
  return blocks.flatMap((block) => {
    const user = byId.get(block.blockedId);
    return user ? [{ user: presentPublicUser(user), blockedAt: block.createdAt.toISOString() }] : [];
  });
}

/** Why `sender` may not message `recipient`, if a block stands between them. */
export async function blockBetween(
  app: FastifyInstance,
  sender: UserRecord,
  recipient: UserRecord,
): Promise<string | null> {
  const blocks = await app.models.MemberBlock.find({
    $or: [
      { blockerId: recipient.id, blockedId: sender.id },
      { blockerId: sender.id, blockedId: recipient.id },
    ],
  }).lean<MemberBlockRecord[]>();
  if (canBeBlocked(sender) && blocks.some((block) => block.blockerId === recipient.id)) {
    return MESSAGE_TEXT.blockedByRecipient;
  }
  if (blocks.some((block) => block.blockerId === sender.id)) return MESSAGE_TEXT.blockedBySender;
  return null;
}
