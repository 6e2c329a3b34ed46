import { MESSAGE_TEXT } from '@enclave/protocol';
import { assertNotMuted } from '../auth/guards.ts';
import { badRequest, forbidden } from '../errors.ts';
import type { Database } from '../storage/index.ts';
import type { DirectoryPart } from '../users/context.ts';
import { findMember } from '../users/service.ts';
import type { UserRecord } from '../users/user-model.ts';
import { blockBetween } from './blocks.ts';

/**
 * Who `sender` may write to: the recipient, or an AppError saying why not (muted, themselves, no such member, a
 * block either way). Sending asks it, and so does "typing…", which must not reach anyone a message could not.
 */
export async function messageableRecipient(
  app: Database & DirectoryPart<'member'>,
  sender: UserRecord,
  recipientId: number,
): Promise<UserRecord> {
  assertNotMuted(sender);
  if (recipientId === sender.id) throw badRequest(MESSAGE_TEXT.notToYourself);
  // Who and whether at once: a missing member is the answer before a block.
  const [recipient, blocked] = await Promise.all([
    findMember(app, recipientId),
    blockBetween(app, sender, recipientId),
  ]);
  if (blocked) throw forbidden(blocked);
  return recipient;
}
