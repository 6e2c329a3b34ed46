import { api, ErrorCode, THREAD_TEXT, type Thread } from '@enclave/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app.ts';
import { createTestApp, testConfig } from '../test/app.ts';
import type { TestClient } from '../test/client.ts';
import { createMember } from '../test/factories.ts';
import { aThread, grantCoins } from '../test/forum.ts';
import { expectLedgerReconciles } from '../test/reconcile.ts';
import type { UserRecord } from '../users/user-model.ts';
import { balanceOf, move, movementByKey } from '../wallet/ledger.ts';
import { escrowAccount } from '../wallet/ledger-keys.ts';
import { placeKey } from './model.ts';
import { groupBuyModels } from './models.ts';
import { contributionKey, contributionUnderWay } from './service.ts';
import { sweepGroupBuys } from './sweep.ts';

let app: App;

beforeAll(async () => {
  app = await createTestApp();
});

async function groupBuy(required: number, amount = 25) {
  const { user: organizer, client: organizerClient } = await createMember(app);
  const thread = await aThread(app, organizer, {
    isGroupBuy: true,
    groupBuyParticipantsRequired: required,
    groupBuyContributionAmount: amount,
  });
  return { organizer, organizerClient, thread };
}

async function funded(coins: number) {
  const member = await createMember(app);
  await grantCoins(app, member.user.id, coins);
  return member;
}

const contribute = (client: TestClient, thread: Thread, amount = thread.groupBuyContributionAmount as number) =>
  client.call(api.contribute, { params: { id: thread.id }, body: { amount } });

describe('contributing to a group buy', () => {
  it('takes a place, holds the coins in escrow and reports progress', async () => {
    const { organizer, thread } = await groupBuy(3);
    const { user, client } = await funded(100);
    const response = await contribute(client, thread);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ isCompleted: false, message: 'Contribution received', current: 1, required: 3 });
    expect(await balanceOf(app, user.id)).toBe(75);
    expect(await balanceOf(app, organizer.id)).toBe(0);
    expect(await balanceOf(app, escrowAccount(thread.id))).toBe(25);
    expect((await client.call(api.groupBuyStatus, { params: { id: thread.id } })).json()).toEqual({
      status: 'open',
      deadline: thread.groupBuyDeadline,
      isCompleted: false,
      isParticipant: true,
      current: 1,
      required: 3,
      contributionAmount: 25,
      completedAt: null,
      content: null,
    });
    expect((await client.call(api.thread, { params: { id: thread.id } })).json()).toMatchObject({
      groupBuyCurrentParticipants: 1,
      isGroupBuyCompleted: false,
    });
    await expectLedgerReconciles(app);
  });

  it('refuses a second contribution, the organiser, a stale amount and a short balance, charging nothing', async () => {
    const { organizer, organizerClient, thread } = await groupBuy(3);
    const { user, client } = await funded(100);
    await contribute(client, thread);
    const again = await contribute(client, thread);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: ErrorCode.AlreadyOwned, message: THREAD_TEXT.alreadyContributed });
    expect(await balanceOf(app, user.id)).toBe(75);

    await grantCoins(app, organizer.id, 100);
    expect((await contribute(organizerClient, thread)).json().message).toBe('You organise this group buy');

    const { user: other, client: otherClient } = await funded(24);
    expect((await contribute(otherClient, thread, 20)).statusCode).toBe(409);
    const short = await contribute(otherClient, thread);
    expect(short.statusCode).toBe(402);
    expect(short.json()).toMatchObject({
      code: ErrorCode.InsufficientCoins,
      message: 'You need at least 25 coins to contribute',
    });
    expect(await balanceOf(app, other.id)).toBe(24);
    expect(await groupBuyModels(app).GroupBuyPlace.countDocuments({ threadId: thread.id })).toBe(1);
    await expectLedgerReconciles(app);
  });

  it('completes once when the last place fills, pays the escrow out once, opens it to every participant', async () => {
    const { user: author } = await createMember(app);
    const thread = await aThread(app, author, {
      content: 'the shared licence key',
      isPremium: true,
      premiumCost: 500,
      isGroupBuy: true,
      groupBuyParticipantsRequired: 2,
      groupBuyContributionAmount: 10,
    });
    const first = await funded(50);
    const second = await funded(50);
    // The group buy shows itself to the members it asks to pay, without its content or replies.
    const locked = await first.client.call(api.thread, { params: { id: thread.id } });
    expect(locked.statusCode).toBe(200);
    expect(locked.json()).toMatchObject({ content: '', userHasAccess: false, isGroupBuy: true });
    expect(locked.body).not.toContain('the shared licence key');
    expect((await first.client.call(api.posts, { params: { id: thread.id } })).statusCode).toBe(402);
    await contribute(first.client, thread);
    expect((await first.client.call(api.thread, { params: { id: thread.id } })).json().content).toBe('');
    const last = await contribute(second.client, thread);
    expect(last.json()).toEqual({ isCompleted: true, message: THREAD_TEXT.groupBuyComplete, current: 2, required: 2 });
    // The whole escrow in one movement: one credit of 20 to the organiser, the escrow empty.
    expect(await balanceOf(app, author.id)).toBe(20);
    expect(await balanceOf(app, escrowAccount(thread.id))).toBe(0);
    const payout = await movementByKey(app, `sale:groupbuy-payout:${thread.id}`);
    expect(payout).toMatchObject({ account: author.id, amount: 20, type: 'sale' });

    for (const { client } of [first, second]) {
      const detail = (await client.call(api.thread, { params: { id: thread.id } })).json();
      expect(detail).toMatchObject({
        content: 'the shared licence key',
        userHasAccess: true,
        isGroupBuyCompleted: true,
      });
      expect(detail.groupBuyCompletedAt).toEqual(expect.any(String));
      expect((await client.call(api.unlockedContent)).json().threadIds).toContain(thread.id);
    }

    const late = await funded(50);
    const refused = await contribute(late.client, thread);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This group buy is already complete');
    expect(await balanceOf(app, late.user.id)).toBe(50);
    expect(await groupBuyModels(app).GroupBuyOutcome.countDocuments({ threadId: thread.id })).toBe(1);
    await expectLedgerReconciles(app);
  });

  it('race: 50 members for the last 5 places: 5 participants, 45 not charged, one completion', async () => {
    const { organizer, thread } = await groupBuy(10, 20);
    for (let i = 0; i < 5; i++) await contribute((await funded(20)).client, thread);
    const completions: number[] = [];
    app.events.on('groupBuy.completed', ({ threadId }) => {
      if (threadId === thread.id) completions.push(threadId);
    });
    const racers = await Promise.all(Array.from({ length: 50 }, () => funded(100)));
    const responses = await Promise.all(racers.map(({ client }) => contribute(client, thread)));

    // Every racer is answered as taken or full: anything else is named with its body.
    const neither = responses.filter((r) => r.statusCode !== 200 && r.statusCode !== 409);
    expect(neither.map((r) => `${r.statusCode} ${r.body}`)).toEqual([]);
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(5);
    expect(responses.filter((r) => r.statusCode === 409)).toHaveLength(45);
    expect(await groupBuyModels(app).GroupBuyPlace.countDocuments({ threadId: thread.id })).toBe(10);
    const balances = await Promise.all(racers.map(({ user }) => balanceOf(app, user.id)));
    expect(balances.filter((b) => b === 80)).toHaveLength(5);
    expect(balances.filter((b) => b === 100)).toHaveLength(45);
    expect(await balanceOf(app, organizer.id)).toBe(200);
    expect(completions).toHaveLength(1);
    expect(await groupBuyModels(app).GroupBuyOutcome.countDocuments({ threadId: thread.id })).toBe(1);
    await expectLedgerReconciles(app);
  });
});

describe('the start-up sweep', () => {
  /** The intent a contribution records before its debit, left by a crash. */
  const crashedIntent = (member: UserRecord, thread: Thread) =>
    contributionUnderWay.begin(app, contributionKey(thread.id, member.id), {
      threadId: thread.id,
      userId: member.id,
      key: `groupbuy:${member.id}:${thread.id}`,
    });

  /**
   * A contribution debited just before a crash: its intent, no place, no credit to the escrow, no refund. With
   * `sameInstant`, its intent is recorded after the debit's own (the seller credit it owes the escrow), as when both
   * fall in the same millisecond and a sweep by time may come to the credit first.
   */
  const crashedDebit = async (member: UserRecord, thread: Thread, sameInstant = false) => {
    if (!sameInstant) expect(await crashedIntent(member, thread)).toBe(true);
    await move(app, {
      account: member.id,
      amount: -(thread.groupBuyContributionAmount as number),
      key: `groupbuy:${member.id}:${thread.id}`,
      type: 'group_buy',
      reference: `thread:${thread.id}`,
      creditTo: escrowAccount(thread.id),
    });
    if (sameInstant) expect(await crashedIntent(member, thread)).toBe(true);
  };

  it('refunds a debit that never got a place, and credits the escrow for a placed one', async () => {
    const { organizer, thread } = await groupBuy(3);
    const lost = await funded(100);
    const placed = await funded(100);
    // Settled before any seller credit, whatever the order of their times: the escrow is never paid for it.
    await crashedDebit(lost.user, thread, true);
    await crashedDebit(placed.user, thread);
    await groupBuyModels(app).GroupBuyPlace.create({
      _id: placeKey(thread.id, placed.user.id),
      threadId: thread.id,
      place: 1,
      userId: placed.user.id,
      createdAt: new Date(),
    });

    // A second process starting on the same database runs both start-up sweeps, in order.
    const restarted = await buildApp({ ...testConfig(), database: app.config.database });
    await restarted.ready();
    await restarted.close();

    expect(await balanceOf(app, lost.user.id)).toBe(100);
    expect(await balanceOf(app, placed.user.id)).toBe(75);
    expect(await balanceOf(app, escrowAccount(thread.id))).toBe(25);
    expect(await balanceOf(app, organizer.id)).toBe(0);
    expect((await lost.client.call(api.groupBuyStatus, { params: { id: thread.id } })).json()).toMatchObject({
      isParticipant: false,
      current: 1,
    });
    const retry = await contribute(lost.client, thread);
    expect(retry.statusCode).toBe(409);
    expect(await balanceOf(app, lost.user.id)).toBe(100);
    expect(await contributionUnderWay.pending(app, contributionKey(thread.id, lost.user.id))).toBeNull();
    expect(await contributionUnderWay.pending(app, contributionKey(thread.id, placed.user.id))).toBeNull();
    expect(await sweepGroupBuys(app, 0)).toMatchObject({ settled: 0, ended: 0 });
    await expectLedgerReconciles(app);
  });

  it('completes a group buy whose last place filled without its outcome, and pays the escrow out once', async () => {
    const { organizer, thread } = await groupBuy(2, 5);
    const members = [await funded(5), await funded(5)];
    await contribute((members[0] as (typeof members)[number]).client, thread);
    // A crash after the last place was taken, before its escrow credit, the outcome and the payout.
    const last = (members[1] as (typeof members)[number]).user;
    await crashedDebit(last, thread);
    await groupBuyModels(app).GroupBuyPlace.create({
      _id: placeKey(thread.id, last.id),
      threadId: thread.id,
      place: 2,
      userId: last.id,
      createdAt: new Date(),
    });
    // The periodic sweep leaves a contribution this young to its request, which may still be under way elsewhere.
    expect(await sweepGroupBuys(app)).toMatchObject({ settled: 0 });
    expect(await balanceOf(app, organizer.id)).toBe(0);
    expect(await sweepGroupBuys(app, 0)).toMatchObject({ settled: 1 });
    expect(await groupBuyModels(app).GroupBuyOutcome.findById(String(thread.id)).lean()).toMatchObject({
      status: 'completed',
    });
    expect(await balanceOf(app, organizer.id)).toBe(10);
    expect(await balanceOf(app, last.id)).toBe(0);
    expect(await sweepGroupBuys(app, 0)).toMatchObject({ settled: 0, ended: 0 });
    expect(await balanceOf(app, organizer.id)).toBe(10);
    await expectLedgerReconciles(app);
  });
});
