import { FORUM_TEXT, LIMITS, SERVER_TEXT, VALIDATION } from '@enclave/protocol';
import { badRequest } from '../errors.ts';
import type { Database } from '../storage/index.ts';
import { storedMembers } from '../users/accounts.ts';
import type { ThreadContext } from './context.ts';
import type { ThreadRecord } from './thread-model.ts';

/** Rules shared by creating and editing a thread, with their texts. */

/** Trimmed, lowercased, without duplicates or empties (spec 000 §5). */
export function normalizeTags(tags: string[] | undefined): string[] {
  const clean = [...new Set((tags ?? []).map((tag) => tag.trim().toLowerCase()).filter(Boolean))];
  if (clean.length > LIMITS.tagsMax) throw badRequest(FORUM_TEXT.tagsMax(LIMITS.tagsMax));
  if (clean.some((tag) => tag.length > LIMITS.tagMax)) throw badRequest(FORUM_TEXT.tagMax(LIMITS.tagMax));
  return clean;
}

export function assertLengths(title: string, content: string) {
  if (title.length > LIMITS.threadTitleMax) throw badRequest(FORUM_TEXT.titleMax(LIMITS.threadTitleMax));
  if (content.length > LIMITS.threadContentMax) throw badRequest(FORUM_TEXT.contentMax(LIMITS.threadContentMax));
}

export function assertAmounts(thread: Partial<ThreadRecord>) {
  const costs = [thread.premiumCost, thread.unlockableCost, thread.groupBuyContributionAmount];
  if (costs.some((cost) => (cost ?? 0) > LIMITS.costMax)) throw badRequest(FORUM_TEXT.costMax(LIMITS.costMax));
  if ((thread.groupBuyParticipantsRequired ?? 0) > LIMITS.groupBuyParticipantsMax) {
    throw badRequest(FORUM_TEXT.participantsMax(LIMITS.groupBuyParticipantsMax));
  }
  if (thread.isGroupBuy && thread.hasUnlockableContent) throw badRequest(FORUM_TEXT.groupBuyOrUnlockable);
}

export async function assertCategory(app: Pick<ThreadContext, 'categories'>, categoryId: number) {
  if (!(await app.categories.find(categoryId))) throw badRequest(SERVER_TEXT.categoryNotFound);
}

/**
 * The members a private thread names besides its author (who always reads it): each must exist and not
 * be deleted. Read by id, one point read each (the schema bounds how many).
 */
export async function allowedUsers(app: Database, authorId: number, ids: number[] | undefined): Promise<number[]> {
  const unique = [...new Set(ids ?? [])].filter((id) => id !== authorId);
  if (unique.length > LIMITS.allowedUsersMax) throw badRequest(FORUM_TEXT.allowedUsersMax(LIMITS.allowedUsersMax));
  const found = await storedMembers(app, unique);
  if (found.filter((user) => !user.deletedAt).length !== unique.length) {
    throw badRequest(FORUM_TEXT.allowedUsersUnknown);
  }
  return unique;
}

/** The group buy's content: required with a group buy, at most as long as a thread's content. */
export function groupBuyContentOf(isGroupBuy: boolean, text: string | null | undefined): string | null {
  if (!isGroupBuy) return null;
  const content = text?.trim();
  if (!content) throw badRequest(VALIDATION.groupBuyContentRequired);
  if (content.length > LIMITS.threadContentMax) throw badRequest(FORUM_TEXT.contentMax(LIMITS.threadContentMax));
  return content;
}

/** Who to tell that a private thread now opens for them: the named members it did not name before, once approved. */
export function newlySharedWith(
  before: Pick<ThreadRecord, 'isPrivate' | 'isApproved' | 'allowedUserIds'> | null,
  after: Pick<ThreadRecord, 'isPrivate' | 'isApproved' | 'allowedUserIds'>,
): number[] {
  if (!after.isPrivate || !after.isApproved) return [];
  const known = new Set(before?.isPrivate && before.isApproved ? before.allowedUserIds : []);
  return after.allowedUserIds.filter((id) => !known.has(id));
}
