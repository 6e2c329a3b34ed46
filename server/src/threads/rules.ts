import { FORUM_TEXT, LIMITS, SERVER_TEXT } from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors.ts';
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

export async function assertCategory(app: FastifyInstance, categoryId: number) {
  if (!(await app.models.Category.exists({ id: categoryId }))) throw badRequest(SERVER_TEXT.categoryNotFound);
}

export async function allowedUsers(app: FastifyInstance, ids: number[] | undefined): Promise<number[]> {
  const unique = [...new Set(ids ?? [])];
  if (unique.length === 0) return [];
  const found = await app.models.User.countDocuments({ id: { $in: unique }, deletedAt: null });
  if (found !== unique.length) throw badRequest(FORUM_TEXT.allowedUsersUnknown);
  return unique;
}
