import { randomUUID } from 'node:crypto';
import type { CategoryBody, CreateThreadBody, Thread } from '@enclave/protocol';
import type { App } from '../app.ts';
import type { CategoryRecord } from '../categories/category-model.ts';
import { createCategory } from '../categories/service.ts';
import { groupBuyModels } from '../group-buys/models.ts';
import { byNumericId } from '../storage/index.ts';
import { threadModels } from '../threads/models.ts';
import { createThread } from '../threads/service.ts';
import type { ThreadRecord } from '../threads/thread-model.ts';
import type { UserRecord } from '../users/user-model.ts';
import { move } from '../wallet/ledger.ts';

const defaultCategories = new WeakMap<App, Promise<CategoryRecord>>();

export function aCategory(app: App, overrides: Partial<CategoryBody> = {}): Promise<CategoryRecord> {
  return createCategory(app, {
    name: `Category ${randomUUID().slice(0, 8)}`,
    description: 'Things to talk about',
    icon: 'MessageSquare',
    color: 'primary',
    ...overrides,
  });
}

/**
 * A thread through the service (so sisters and approval rules apply), in the app's default category
 * unless told otherwise, approved unless `approved: false`; a group buy unlocks `GROUP-BUY-CONTENT`
 * unless told otherwise.
 */
export async function aThread(
  app: App,
  author: UserRecord,
  body: Partial<CreateThreadBody> = {},
  { approved = true }: { approved?: boolean } = {},
): Promise<Thread> {
  let category = defaultCategories.get(app);
  if (!category) {
    category = aCategory(app);
    defaultCategories.set(app, category);
  }
  const thread = await createThread(app, author, {
    title: `Thread ${randomUUID().slice(0, 8)}`,
    content: 'Some content worth reading',
    categoryId: (await category).id,
    ...(body.isGroupBuy && { groupBuyContent: 'GROUP-BUY-CONTENT' }),
    ...body,
  });
  if (approved && !thread.isApproved) {
    for (const id of new Set([thread.id, thread.sisterThreadId ?? thread.id])) {
      await threadModels(app).Thread.updateOne(byNumericId(id), { $set: { isApproved: true, approvedAt: new Date() } });
      // Written behind the services' backs: the read models are told, as a service's event would.
      app.changes.tell({ kind: 'thread', id });
    }
    return { ...thread, isApproved: true };
  }
  return thread;
}

/** Coins for a member, as an admin grant through the ledger. */
export const grantCoins = (app: App, account: number, amount: number) =>
  move(app, { account, amount, key: `grant:${account}:${randomUUID()}`, type: 'admin_grant' });

/**
 * Moves a group buy's deadline (a test's short deadline): on the thread and its open marker, as creation writes
 * them, and the read models are told, as a service's event would.
 */
export async function setDeadline(app: App, threadId: number, deadline: Date): Promise<void> {
  await threadModels(app).Thread.updateOne(byNumericId(threadId), { $set: { groupBuyDeadline: deadline } });
  await groupBuyModels(app).OpenGroupBuy.updateOne({ _id: String(threadId) }, { $set: { deadline } });
  app.changes.tell({ kind: 'thread', id: threadId });
}

/** A thread's facts as stored, in memory only: for a rule's unit test (an open, approved, public thread by member 1). */
export const threadRecord = (facts: Partial<ThreadRecord> = {}): ThreadRecord =>
  ({
    id: 10,
    authorId: 1,
    content: 'the content',
    unlockableContent: null,
    hasUnlockableContent: false,
    isApproved: true,
    isPrivate: false,
    allowedUserIds: [],
    isPremium: false,
    isSisterThread: false,
    parentThreadId: null,
    sisterThreadId: null,
    isGroupBuy: false,
    groupBuyContent: null,
    ...facts,
  }) as ThreadRecord;
