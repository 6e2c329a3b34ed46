import {
  type CancelGroupBuyReply,
  EditThreadBody,
  FORUM_TEXT,
  LIMITS,
  type Thread,
  VALIDATION,
} from '@enclave/protocol';
import { badRequest, conflict, forbidden } from '../errors.ts';
import { cook, storedFields } from '../formatting/cook.ts';
import { decide } from '../group-buys/escrow.ts';
import { groupBuyOf } from '../group-buys/service.ts';
import { isPaidPlace, outcomeOf, phaseOf, placeOf, placesTaken } from '../group-buys/state.ts';
import { logModeration } from '../moderation/log.ts';
import { deleteReplies } from '../replies/replies.ts';
import { byNumericId } from '../storage/index.ts';
import type { UserRecord } from '../users/user-model.ts';
import type { TellingContext, ThreadContext, WritingContext } from './context.ts';
import { journalThreads } from './forum-journal.ts';
import { threadModels } from './models.ts';
import { presentListed, presentThread } from './presenter.ts';
import {
  allowedUsers,
  assertAmounts,
  assertCategory,
  assertLengths,
  groupBuyContentOf,
  normalizeTags,
} from './rules.ts';
import { announceShare, findThread } from './service.ts';
import type { ThreadRecord } from './thread-model.ts';

/** Spec 001 §5's conditional rules, on the thread as it would be after the edit. */
function assertEditRules(next: ThreadRecord) {
  if (next.title.trim().length < LIMITS.editTitleMin) throw badRequest(VALIDATION.editTitleMin);
  if (next.content.trim().length < LIMITS.editContentMin) throw badRequest(VALIDATION.editContentMin);
  assertLengths(next.title, next.content);
  if (next.isPremium && !((next.premiumCost ?? 0) > 0)) throw badRequest(VALIDATION.premiumCostRequired);
  if (next.hasUnlockableContent) {
    if (!((next.unlockableCost ?? 0) > 0)) throw badRequest(VALIDATION.unlockableCostRequired);
    const heldBySister = next.unlockableType === 'premium_thread' && next.sisterThreadId !== null;
    if (!next.unlockableContent?.trim() && !heldBySister) throw badRequest(VALIDATION.unlockableContentRequired);
  }
  if (next.isGroupBuy) {
    if (!((next.groupBuyParticipantsRequired ?? 0) > 0)) throw badRequest(VALIDATION.participantsRequired);
    if (!((next.groupBuyContributionAmount ?? 0) > 0)) throw badRequest(VALIDATION.contributionRequired);
  }
  assertAmounts(next);
}

/** Admin edit (PATCH /api/admin/threads/{id}): absent fields stay as they are. */
export async function editThread(
  app: WritingContext,
  editor: UserRecord,
  id: number,
  body: EditThreadBody,
): Promise<Thread> {
  const thread = await findThread(app, id);
  // Only the edit form's fields, whatever else a body carried past validation.
  const set: Partial<ThreadRecord> = Object.fromEntries(
    Object.keys(EditThreadBody.properties).flatMap((key) => {
      const value = body[key as keyof EditThreadBody];
      return value === undefined ? [] : [[key, value]];
    }),
  ) as Partial<ThreadRecord>;
  if (body.title !== undefined) set.title = body.title.trim();
  if (body.content !== undefined) {
    set.content = body.content.trim();
    // Cooked again, as when written; a plain text the new source equals is removed below, not left stale.
    Object.assign(set, storedFields(set.content, await cook(set.content, app.members)));
  }
  if (body.tags !== undefined) set.tags = normalizeTags(body.tags);
  if (body.allowedUserIds !== undefined) {
    set.allowedUserIds = await allowedUsers(app, thread.authorId, body.allowedUserIds);
  }
  if (body.groupBuyContent !== undefined) set.groupBuyContent = body.groupBuyContent.trim() || null;
  if (body.unlockableContent !== undefined) set.unlockableContent = body.unlockableContent?.trim() || null;
  if (body.categoryId !== undefined && body.categoryId !== thread.categoryId)
    await assertCategory(app, body.categoryId);
  const next = { ...thread, ...set };
  assertEditRules(next);
  if (next.isGroupBuy && (!thread.isGroupBuy || set.groupBuyContent !== undefined)) {
    groupBuyContentOf(true, next.groupBuyContent);
  }
  if (thread.isGroupBuy) {
    const taken = await placesTaken(app, thread.id);
    if (next.isGroupBuy && (next.groupBuyParticipantsRequired ?? 0) < taken) {
      throw badRequest(FORUM_TEXT.participantsBelowCurrent(taken));
    }
    const amountChanged = !next.isGroupBuy || next.groupBuyContributionAmount !== thread.groupBuyContributionAmount;
    if (taken > 0 && amountChanged) throw badRequest(FORUM_TEXT.contributionLocked);
  }
  // Journaled before the writes too: a crash between a write and its event would leave a snapshot's start without it.
  await journalThreads(
    app,
    [id, thread.sisterThreadId, thread.parentThreadId].filter((other) => other !== null),
  );
  const staleText = set.content !== undefined && set.text === undefined;
  await threadModels(app).Thread.updateOne(byNumericId(id), { $set: set, ...(staleText && { $unset: { text: 1 } }) });
  if (thread.sisterThreadId !== null) {
    // The sister is what the premium discussion sells: one price (kept in step both ways) and the parent's privacy.
    await threadModels(app).Thread.updateOne(byNumericId(thread.sisterThreadId), {
      $set: { premiumCost: next.unlockableCost, isPrivate: next.isPrivate, allowedUserIds: next.allowedUserIds },
    });
    app.events.publish('thread.updated', { threadId: thread.sisterThreadId });
  }
  if (thread.parentThreadId !== null && set.premiumCost) {
    await threadModels(app).Thread.updateOne(byNumericId(thread.parentThreadId), {
      $set: { unlockableCost: set.premiumCost },
    });
    app.events.publish('thread.updated', { threadId: thread.parentThreadId });
  }
  app.events.publish('thread.updated', { threadId: id });
  announceShare(app, thread, next);
  await logModeration(app, { actorId: editor.id, action: 'thread.edit', targetType: 'thread', targetId: id });
  return presentThread(app, editor, await findThread(app, id));
}

/**
 * Deletion is permanent for readers: the content and replies go, and a tombstone keeps the id so it
 * is never reused under the ledger's keys. Deleting a thread deletes its premium sister too.
 */
export async function deleteThread(app: TellingContext, actor: Pick<UserRecord, 'id'>, id: number) {
  const thread = await findThread(app, id);
  // An open group buy is cancelled first: its escrow goes back to its contributors, not into a tombstone.
  if (thread.isGroupBuy) await decide(app, thread, 'cancelled');
  const ids = [thread.id, ...(thread.sisterThreadId !== null ? [thread.sisterThreadId] : [])];
  const tombstone = {
    deletedAt: new Date(),
    content: '',
    cooked: '',
    text: '',
    mentions: [],
    unlockableContent: null,
    tags: [],
    allowedUserIds: [],
  };
  await journalThreads(app, [...ids, ...(thread.parentThreadId !== null ? [thread.parentThreadId] : [])]);
  await Promise.all(
    ids.map((threadId) => threadModels(app).Thread.updateOne(byNumericId(threadId), { $set: tombstone })),
  );
  await Promise.all(ids.map((threadId) => deleteReplies(app, threadId)));
  if (thread.parentThreadId !== null) {
    await threadModels(app).Thread.updateOne(byNumericId(thread.parentThreadId), { $set: { sisterThreadId: null } });
  }
  for (const threadId of ids) app.events.publish('thread.deleted', { threadId });
  await logModeration(app, {
    actorId: actor.id,
    action: 'thread.delete',
    targetType: 'thread',
    targetId: thread.id,
    details: { title: thread.title, sisterThreadId: thread.sisterThreadId ?? null },
  });
  return {
    message: FORUM_TEXT.threadDeleted,
    deletedThreadInfo: { id: thread.id, title: thread.title, sisterThreadId: thread.sisterThreadId ?? null },
  };
}

/**
 * Staff cancel an open group buy: every contribution goes back to its contributor, and the reason goes into the
 * moderation log. One that has ended (or whose deadline has passed) is a 409; so is a cancellation that loses the
 * race to its last place or its deadline.
 */
export async function cancelGroupBuy(
  app: TellingContext,
  actor: Pick<UserRecord, 'id'>,
  id: number,
  reason: string,
): Promise<CancelGroupBuyReply> {
  const thread = await findThread(app, id);
  groupBuyOf(thread);
  // Staff never decide about their own money.
  if (thread.authorId === actor.id || isPaidPlace(await placeOf(app, id, actor.id))) {
    throw forbidden(FORUM_TEXT.ownGroupBuy);
  }
  if (phaseOf(thread, await outcomeOf(app, id)) !== 'open') throw conflict(FORUM_TEXT.groupBuyNotCancellable);
  const { outcome, decided } = await decide(app, thread, 'cancelled');
  if (!decided) throw conflict(FORUM_TEXT.groupBuyNotCancellable);
  await logModeration(app, {
    actorId: actor.id,
    action: 'groupBuy.cancel',
    targetType: 'thread',
    targetId: id,
    reason,
  });
  return { message: FORUM_TEXT.groupBuyCancelledNow, threadId: id, status: outcome.status };
}

/** The approval queue, oldest first: members' threads (a sister is approved with its parent). */
export async function unapprovedThreads(
  app: Omit<ThreadContext, 'events' | 'changes'>,
  viewer: UserRecord,
): Promise<Thread[]> {
  return presentListed(app, viewer, await app.forum.pending(LIMITS.pageSizeMax));
}

export async function approveThread(app: WritingContext, approver: UserRecord, id: number) {
  const thread = await findThread(app, id);
  if (!thread.isApproved) {
    const ids = [thread.id, ...(thread.sisterThreadId !== null ? [thread.sisterThreadId] : [])];
    const approval = { isApproved: true, approvedBy: approver.id, approvedAt: new Date() };
    await journalThreads(app, ids);
    await Promise.all(
      ids.map((threadId) => threadModels(app).Thread.updateOne(byNumericId(threadId), { $set: approval })),
    );
    app.events.publish('thread.approved', { threadId: thread.id, approvedBy: approver.id });
    announceShare(app, thread, { ...thread, isApproved: true });
    await logModeration(app, { actorId: approver.id, action: 'thread.approve', targetType: 'thread', targetId: id });
  }
  return { message: FORUM_TEXT.threadApproved, thread: await presentThread(app, approver, await findThread(app, id)) };
}
