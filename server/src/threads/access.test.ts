import type { mongo } from 'mongoose';
import { beforeAll, describe, expect, it } from 'vitest';
import { placeKey } from '../group-buys/model.ts';
import { groupBuyModels } from '../group-buys/models.ts';
import { numberPlace } from '../group-buys/state.ts';
import { DomainEvents } from '../realtime/domain-events.ts';
import { claimOnce } from '../storage/index.ts';
import { type TestContext, testContext } from '../test/context.ts';
import { threadRecord } from '../test/forum.ts';
import { type AccessContext, heldThreadIds, holdingsOf, holdingsOfMember, recordHolding } from './access.ts';
import { HoldingsMemory } from './holdings-memory.ts';
import { threadModels } from './models.ts';
import { canReadContent, NO_HOLDINGS, readableText, type Viewer } from './policy.ts';
import { type GrantContext, grantHolding } from './purchases.ts';
import type { ThreadRecord } from './thread-model.ts';

// Thread access on a database of its own, with a real HoldingsMemory and the live threads in a Map: no app, no HTTP.
// Holdings are written as the product writes them (grantHolding; a group buy's place, its number, the holdings list
// and its outcome as group-buys/service.ts and escrow.ts do), and asserted through what the read gate then shows.

let base: TestContext;
beforeAll(async () => {
  base = await testContext([threadModels, groupBuyModels]);
});

/** The forum index's stand-in: the live threads by id; a deleted thread is one taken out. */
class LiveForum {
  readonly threads = new Map<number, ThreadRecord>();
  current = async () => undefined;
  get = (id: number) => this.threads.get(id);
  add(...threads: ThreadRecord[]) {
    for (const thread of threads) this.threads.set(thread.id, thread);
  }
}

/** A context as the app is one: `access.granted` makes the memory forget the holder's answers (read-models/follow.ts). */
function context(): AccessContext & GrantContext & { memory: HoldingsMemory; live: LiveForum } {
  const memory = new HoldingsMemory();
  const events = new DomainEvents();
  events.on('access.granted', ({ userId }) => memory.forgetMember(userId));
  const live = new LiveForum();
  return { ...base, holdings: memory, forum: live, events, memory, live };
}

let ids = 1000;
const nextId = () => ++ids;

type Member = NonNullable<Viewer>;
const member = (): Member => ({ id: nextId(), isAdmin: false, isModerator: false });
const MODERATOR: Viewer = { id: 3, isAdmin: false, isModerator: true };
const ADMIN: Viewer = { id: 4, isAdmin: true, isModerator: false };

const thread = (facts: Partial<ThreadRecord> = {}) => threadRecord({ id: nextId(), ...facts });

const premium = () => thread({ isPremium: true, content: 'the premium content' });

/** A thread with a premium discussion and its premium sister, linked both ways. */
function withSister() {
  const discussion = thread({ hasUnlockableContent: true, unlockableContent: 'the discussion' });
  const sister = thread({
    isPremium: true,
    isSisterThread: true,
    parentThreadId: discussion.id,
    content: 'the sister content',
  });
  discussion.sisterThreadId = sister.id;
  return { discussion, sister };
}

const groupBuy = () => thread({ isGroupBuy: true, groupBuyContent: 'the reward' });

/** A paid place, as a contribution takes one (its document), numbers it and lists it for search. */
async function takePlace(ctx: AccessContext, threadId: number, userId: number, place: number) {
  const doc = { _id: placeKey(threadId, userId), threadId, place, userId, createdAt: new Date() };
  expect(await claimOnce(groupBuyModels(ctx).GroupBuyPlace, doc)).toBe(true);
  await numberPlace(ctx, doc);
  await recordHolding(ctx, userId, threadId, 'groupBuy');
}

/** How the group buy ended: the outcome document, inserted once (escrow.ts `decide`). */
async function end(ctx: AccessContext, threadId: number, status: 'completed' | 'expired' | 'cancelled') {
  const outcome = { _id: String(threadId), threadId, status, endedAt: new Date() };
  expect(await claimOnce(groupBuyModels(ctx).GroupBuyOutcome, outcome)).toBe(true);
}

/** What the viewer reads of the thread, with the holdings access finds for it. */
async function reads(ctx: AccessContext, viewer: Viewer, shown: ThreadRecord, page: ThreadRecord[] = [shown]) {
  return readableText(viewer, shown, await holdingsOf(ctx, viewer, page));
}

/** Every read access makes by key, of the holding, place and outcome documents. */
/** Reads of holdings, places and outcomes the database is sent from now on (reads asked together are one). */
function countReads(ctx: AccessContext) {
  const watched = new Set(
    [threadModels(ctx).Holding, groupBuyModels(ctx).GroupBuyPlace, groupBuyModels(ctx).GroupBuyOutcome].map(
      (model) => model.collection.collectionName,
    ),
  );
  let count = 0;
  const listener = (event: mongo.CommandStartedEvent) => {
    if (event.commandName === 'find' && watched.has(String(event.command.find))) count += 1;
  };
  ctx.mongo.getClient().on('commandStarted', listener);
  return {
    get count() {
      return count;
    },
    restore: () => {
      ctx.mongo.getClient().off('commandStarted', listener);
    },
  };
}

describe('thread access', () => {
  it('lets a buyer read premium content and not a member who did not buy it; a holding is granted once', async () => {
    const ctx = context();
    const [buyer, other] = [member(), member()];
    const bought = premium();
    const notBought = premium();
    expect(await grantHolding(ctx, bought.id, buyer.id, 'purchase')).toBe(true);
    expect(await grantHolding(ctx, bought.id, buyer.id, 'purchase')).toBe(false);

    expect((await reads(ctx, buyer, bought)).content).toBe('the premium content');
    expect((await reads(ctx, other, bought)).content).toBeNull();
    expect((await reads(ctx, buyer, notBought)).content).toBeNull();
    // Buying the content is not unlocking a discussion.
    const both = thread({
      isPremium: true,
      content: 'the premium content',
      hasUnlockableContent: true,
      unlockableContent: 'the discussion',
    });
    await grantHolding(ctx, both.id, buyer.id, 'purchase');
    expect(await reads(ctx, buyer, both)).toMatchObject({ content: 'the premium content', discussion: null });
  });

  it('lets an unlocker read the discussion and its premium sister, and no one else', async () => {
    const ctx = context();
    const [unlocker, other] = [member(), member()];
    const { discussion, sister } = withSister();
    await grantHolding(ctx, discussion.id, unlocker.id, 'unlock');

    expect((await reads(ctx, unlocker, discussion)).discussion).toBe('the discussion');
    // The sister's page asks only of the sister: its parent's unlock is asked with it.
    expect((await reads(ctx, unlocker, sister)).content).toBe('the sister content');
    expect(canReadContent(unlocker, sister, await holdingsOf(ctx, unlocker, [discussion, sister]))).toBe(true);

    expect((await reads(ctx, other, discussion)).discussion).toBeNull();
    expect((await reads(ctx, other, sister)).content).toBeNull();
  });

  it('lets a paid participant read a group buy’s reward once it completed: not while open, ended otherwise, or void', async () => {
    const ctx = context();
    const [participant, voided, other] = [member(), member(), member()];
    const completed = groupBuy();
    await takePlace(ctx, completed.id, participant.id, 1);
    // A refunded contribution leaves a void place: minus the member's id.
    await takePlace(ctx, completed.id, voided.id, -voided.id);
    await end(ctx, completed.id, 'completed');
    const open = groupBuy();
    await takePlace(ctx, open.id, participant.id, 1);
    const expired = groupBuy();
    await takePlace(ctx, expired.id, participant.id, 1);
    await end(ctx, expired.id, 'expired');

    expect((await reads(ctx, participant, completed)).groupBuy).toBe('the reward');
    expect((await reads(ctx, voided, completed)).groupBuy).toBeNull();
    expect((await reads(ctx, other, completed)).groupBuy).toBeNull();
    expect((await reads(ctx, participant, open)).groupBuy).toBeNull();
    expect((await reads(ctx, participant, expired)).groupBuy).toBeNull();
  });

  it('gives staff and the author everything with no holding, and a visitor nothing, without asking', async () => {
    const ctx = context();
    const { discussion, sister } = withSister();
    const paid = premium();
    const buy = groupBuy();
    const page = [paid, discussion, sister, buy];
    const readsMade = countReads(ctx);
    try {
      for (const staff of [MODERATOR, ADMIN]) {
        expect(await holdingsOf(ctx, staff, page)).toBe(NO_HOLDINGS);
      }
      expect(await holdingsOf(ctx, null, page)).toBe(NO_HOLDINGS);
      expect(readsMade.count).toBe(0);
    } finally {
      readsMade.restore();
    }
    for (const viewer of [MODERATOR, ADMIN, { id: 1, isAdmin: false, isModerator: false }]) {
      expect((await reads(ctx, viewer, paid, page)).content).toBe('the premium content');
      expect((await reads(ctx, viewer, discussion, page)).discussion).toBe('the discussion');
      expect((await reads(ctx, viewer, sister, page)).content).toBe('the sister content');
      expect((await reads(ctx, viewer, buy, page)).groupBuy).toBe('the reward');
    }
    expect(await reads(ctx, null, paid, page)).toMatchObject({ content: null });
    expect(await reads(ctx, null, discussion, page)).toMatchObject({ discussion: null });
    expect(await reads(ctx, null, sister, page)).toMatchObject({ content: null });
    expect(await reads(ctx, null, buy, page)).toMatchObject({ groupBuy: null });
  });

  it('lists exactly the live threads a member holds: no other member’s, no open group buy, no deleted thread', async () => {
    const ctx = context();
    const [holder, other] = [member(), member()];
    const userId = holder.id;
    const paid = premium();
    const { discussion, sister } = withSister();
    const completed = groupBuy();
    const open = groupBuy();
    const deleted = premium();
    const othersPaid = premium();
    ctx.live.add(paid, discussion, sister, completed, open, othersPaid);
    await grantHolding(ctx, paid.id, userId, 'purchase');
    await grantHolding(ctx, discussion.id, userId, 'unlock');
    await grantHolding(ctx, deleted.id, userId, 'purchase');
    await grantHolding(ctx, othersPaid.id, other.id, 'purchase');
    await takePlace(ctx, completed.id, userId, 1);
    await end(ctx, completed.id, 'completed');
    await takePlace(ctx, open.id, userId, 1);

    expect(await holdingsOfMember(ctx, userId)).toEqual({
      purchased: new Set([paid.id]),
      unlocked: new Set([discussion.id]),
      groupBuys: new Set([completed.id]),
    });
    // The unlocked discussion opens its sister too.
    expect(await heldThreadIds(ctx, userId)).toEqual([paid.id, discussion.id, sister.id, completed.id]);

    // Deleted since: the discussion's sister, then the bought thread.
    ctx.live.threads.delete(sister.id);
    expect(await heldThreadIds(ctx, userId)).toEqual([paid.id, discussion.id, completed.id]);
    ctx.live.threads.delete(paid.id);
    expect((await holdingsOfMember(ctx, userId)).purchased).toEqual(new Set());
    expect(await heldThreadIds(ctx, userId)).toEqual([discussion.id, completed.id]);

    expect(await heldThreadIds(ctx, member().id)).toEqual([]);
  });

  it('remembers each answer: asked again, it reads nothing, until the member’s new holding or the thread’s change', async () => {
    const ctx = context();
    const viewer = member();
    const userId = viewer.id;
    const paid = premium();
    const { discussion, sister } = withSister();
    const buy = groupBuy();
    const page = [paid, discussion, sister, buy];
    await takePlace(ctx, buy.id, userId, 1);

    const readsMade = countReads(ctx);
    try {
      expect(await holdingsOf(ctx, viewer, page)).toEqual(NO_HOLDINGS);
      // The questions (two purchases, one unlock: the discussion's, which the sister asks too) are asked together, one
      // read of the holdings; then whether the group buy completed; not the place in an open one.
      expect(readsMade.count).toBe(2);
      const first = readsMade.count;
      expect(await holdingsOf(ctx, viewer, page)).toEqual(NO_HOLDINGS);
      expect(readsMade.count).toBe(first);

      // A new holding tells the memory (access.granted): the member's answers are read again.
      await grantHolding(ctx, paid.id, userId, 'purchase');
      expect((await holdingsOf(ctx, viewer, page)).purchased).toEqual(new Set([paid.id]));
      expect(readsMade.count).toBeGreaterThan(first);
      const second = readsMade.count;
      expect((await holdingsOf(ctx, viewer, page)).purchased).toEqual(new Set([paid.id]));
      expect(readsMade.count).toBe(second);

      // The group buy completes: remembered open until its thread's change is told (groupBuy.completed), then held.
      await end(ctx, buy.id, 'completed');
      expect((await holdingsOf(ctx, viewer, page)).groupBuys).toEqual(new Set());
      expect(readsMade.count).toBe(second);
      ctx.memory.forgetThread(buy.id);
      expect((await holdingsOf(ctx, viewer, page)).groupBuys).toEqual(new Set([buy.id]));
    } finally {
      readsMade.restore();
    }
  });
});
