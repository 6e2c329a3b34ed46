import { api, type Thread } from '@enclave/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { byNumericId } from '../db/ids.ts';
import { MIGRATIONS } from '../db/migration-list.ts';
import { runMigrations } from '../db/migrations.ts';
import { createTestApp } from '../test/app.ts';
import { TestClient } from '../test/client.ts';
import { createMember } from '../test/factories.ts';
import { aThread, grantCoins } from '../test/forum.ts';
import { expectLedgerReconciles } from '../test/reconcile.ts';
import type { UserRecord } from '../users/user-model.ts';
import { balanceOf, pay } from '../wallet/ledger.ts';
import { placeKey } from './model.ts';
import { numberPlace } from './state.ts';
import { sweepGroupBuys } from './sweep.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

let app: App;
let organizer: UserRecord;
const threads = {} as Record<'joined' | 'empty' | 'complete', Thread>;
const completedAt = new Date('2026-01-02T03:04:05.000Z');

/** A contribution as it was made before escrow: paid straight to the organiser, with its place. */
async function legacyContribution(before: App, thread: Thread, member: UserRecord) {
  await pay(before, {
    buyer: member.id,
    seller: thread.authorId,
    amount: thread.groupBuyContributionAmount ?? 0,
    key: `groupbuy:${member.id}:${thread.id}`,
    type: 'group_buy',
    reference: `thread:${thread.id}`,
  });
  const place = { threadId: thread.id, place: 1, userId: member.id, createdAt: new Date() };
  await before.models.GroupBuyPlace.create({ _id: placeKey(thread.id, member.id), ...place });
  await numberPlace(before, place);
}

/** Group buys as the code before escrow stored them: no deadline, no open marker, completions without a status. */
beforeAll(async () => {
  const before = await createTestApp();
  ({ user: organizer } = await createMember(before));
  const groupBuy = { isGroupBuy: true, groupBuyParticipantsRequired: 2, groupBuyContributionAmount: 10 };
  threads.joined = await aThread(before, organizer, groupBuy);
  threads.empty = await aThread(before, organizer, groupBuy);
  threads.complete = await aThread(before, organizer, groupBuy);
  const { user: early } = await createMember(before);
  await grantCoins(before, early.id, 10);
  await legacyContribution(before, threads.joined, early);
  await before.models.GroupBuyOutcome.collection.insertOne({
    _id: String(threads.complete.id),
    threadId: threads.complete.id,
    completedAt,
  } as never);
  await before.models.Thread.collection.updateMany({}, { $unset: { groupBuyDeadline: '' } });
  await before.models.OpenGroupBuy.deleteMany({});
  await before.models.Migration.deleteMany({});

  app = await createTestApp({}, before.config.database);
});

async function stored() {
  const deadlineOf = async (thread: Thread) =>
    (await app.models.Thread.findOne(byNumericId(thread.id)).lean())?.groupBuyDeadline;
  return {
    deadlines: await Promise.all(Object.values(threads).map(deadlineOf)),
    markers: await app.models.OpenGroupBuy.find().sort({ _id: 1 }).lean(),
    outcomes: await app.models.GroupBuyOutcome.find().lean(),
  };
}

describe('the migration to escrowed group buys', () => {
  it('gives each open group buy its deadline and each completion its status', async () => {
    const { deadlines, markers, outcomes } = await stored();
    const [joined, empty, complete] = deadlines;
    // Joined before escrow: its first coins went to the organiser, so it never expires.
    expect(joined).toBeNull();
    expect(empty?.getTime()).toBeGreaterThan(Date.now() + 7 * DAY_MS - 60_000);
    expect(complete).toBeUndefined();
    expect(markers).toEqual([{ _id: String(threads.empty.id), threadId: threads.empty.id, deadline: empty }]);
    expect(outcomes).toEqual([
      { _id: String(threads.complete.id), threadId: threads.complete.id, status: 'completed', endedAt: completedAt },
    ]);
  });

  it('changes nothing when run again', async () => {
    const first = await stored();
    await app.models.Migration.deleteMany({});
    await runMigrations(app, MIGRATIONS);
    expect(await stored()).toEqual(first);
  });

  it('keeps the group buy joined before escrow open, and completes it with the escrow it holds since', async () => {
    expect(await sweepGroupBuys(app)).toMatchObject({ ended: 0 });
    const visitor = new TestClient(app);
    expect((await visitor.call(api.groupBuyStatus, { params: { id: threads.joined.id } })).json()).toMatchObject({
      status: 'open',
      deadline: null,
      current: 1,
    });
    const { user: late, client } = await createMember(app);
    await grantCoins(app, late.id, 10);
    const answer = await client.call(api.contribute, { params: { id: threads.joined.id }, body: { amount: 10 } });
    expect(answer.json()).toMatchObject({ isCompleted: true });
    // 10 paid before escrow, 10 from the escrow now.
    expect(await balanceOf(app, organizer.id)).toBe(20);
    await expectLedgerReconciles(app);
  });
});
