import { setTimeout as sleep } from 'node:timers/promises';
import { api, type CreateThreadBody, FORUM_TEXT, type Thread, VALIDATION } from '@enclave/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { createTestApp } from '../test/app.ts';
import type { TestClient } from '../test/client.ts';
import { createMember } from '../test/factories.ts';
import { aCategory, aThread, grantCoins, setDeadline } from '../test/forum.ts';
import { expectLedgerReconciles } from '../test/reconcile.ts';
import { type BrowserTabs, listeningWithTabs, received } from '../test/tabs.ts';
import { findThread } from '../threads/service.ts';
import { balanceOf } from '../wallet/ledger.ts';
import { escrowAccount } from '../wallet/ledger-keys.ts';
import { walletModels } from '../wallet/models.ts';
import { decide } from './escrow.ts';
import { groupBuyModels } from './models.ts';
import { sweepGroupBuys } from './sweep.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

let app: App;
let tabs: BrowserTabs;

beforeAll(async () => {
  ({ app, tabs } = await listeningWithTabs());
});

async function groupBuy(required: number, amount: number, body: Partial<CreateThreadBody> = {}) {
  const { user: organizer } = await createMember(app, { isAdmin: true });
  const thread = await aThread(app, organizer, {
    isGroupBuy: true,
    groupBuyParticipantsRequired: required,
    groupBuyContributionAmount: amount,
    ...body,
  });
  return { organizer, thread };
}

async function funded(coins: number) {
  const member = await createMember(app);
  await grantCoins(app, member.user.id, coins);
  return member;
}

const contribute = (client: TestClient, thread: Thread) =>
  client.call(api.contribute, { params: { id: thread.id }, body: { amount: thread.groupBuyContributionAmount ?? 0 } });

const status = (client: TestClient, thread: Thread) =>
  client.call(api.groupBuyStatus, { params: { id: thread.id } }).then((response) => response.json());

/** The group buy's deadline moved to just now: the next sweep finds it due. */
const pastDeadline = (thread: Thread) => setDeadline(app, thread.id, new Date(Date.now() - 1));

describe('a group buy deadline', () => {
  it('is set at creation, 7 days by default, 1 to 30 days by choice', async () => {
    const { user, client } = await createMember(app);
    const categoryId = (await aCategory(app)).id;
    const create = (days?: number) =>
      client.call(api.createThread, {
        body: {
          title: 'A group buy',
          content: 'Join in',
          categoryId,
          isGroupBuy: true,
          groupBuyContent: 'The key',
          ...(days === undefined ? {} : { groupBuyDays: days }),
        },
      });
    const before = Date.now();
    const made = await create();
    expect(made.statusCode).toBe(201);
    const deadline = Date.parse(made.json().groupBuyDeadline);
    expect(deadline).toBeGreaterThanOrEqual(before + 7 * DAY_MS);
    expect(deadline).toBeLessThanOrEqual(Date.now() + 7 * DAY_MS);
    expect(made.json()).toMatchObject({ groupBuyStatus: 'open' });
    expect(await groupBuyModels(app).OpenGroupBuy.findById(String(made.json().id)).lean()).toMatchObject({
      deadline: new Date(deadline),
    });
    const thirty = (await create(30)).json();
    expect(Date.parse(thirty.groupBuyDeadline) - Date.parse(thirty.createdAt)).toBeCloseTo(30 * DAY_MS, -3);
    for (const days of [0, 31]) {
      const refused = await create(days);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(VALIDATION.groupBuyDaysRange);
    }
    const plain = await aThread(app, user);
    expect(plain).toMatchObject({ groupBuyStatus: null, groupBuyDeadline: null });
  });

  it('passing unfilled returns every contribution exactly once, live, and refuses latecomers', async () => {
    const { organizer, thread } = await groupBuy(3, 30);
    const members = [await funded(100), await funded(100)];
    for (const { client } of members) expect((await contribute(client, thread)).statusCode).toBe(200);
    expect(await balanceOf(app, escrowAccount(thread.id))).toBe(60);
    const watcher = await tabs.open();
    expect(await watcher.timeout(5000).emitWithAck('thread:watch', thread.id)).toEqual({ ok: true });
    const wallets = await Promise.all(members.map(({ client }) => tabs.open(client)));

    await pastDeadline(thread);
    // Past its deadline it takes nothing more, even before the sweep has recorded the expiry.
    const late = await funded(100);
    const refused = await contribute(late.client, thread);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(FORUM_TEXT.groupBuyExpired);
    expect(await balanceOf(app, late.user.id)).toBe(100);

    expect(await sweepGroupBuys(app)).toMatchObject({ ended: 1 });
    for (const { user } of members) expect(await balanceOf(app, user.id)).toBe(100);
    expect(await balanceOf(app, escrowAccount(thread.id))).toBe(0);
    expect(await balanceOf(app, organizer.id)).toBe(0);
    expect(await received(watcher, 'groupbuy:ended')).toEqual([{ threadId: thread.id, status: 'expired' }]);
    for (const wallet of wallets) {
      await received(wallet, 'groupbuy:ended');
      expect((await received(wallet, 'wallet:balance')).at(-1)).toEqual({ balance: 100 });
    }
    expect(await status((members[0] as (typeof members)[number]).client, thread)).toMatchObject({
      status: 'expired',
      isParticipant: true,
      isCompleted: false,
      content: null,
    });
    expect((await contribute(late.client, thread)).json().message).toBe(FORUM_TEXT.groupBuyExpired);

    // Swept again (another process, a restart): nothing moves twice.
    expect(await sweepGroupBuys(app)).toMatchObject({ ended: 0 });
    for (const { user } of members) expect(await balanceOf(app, user.id)).toBe(100);
    expect(await groupBuyModels(app).OpenGroupBuy.exists({ _id: String(thread.id) })).toBeNull();
    await expectLedgerReconciles(app);
  });

  it('shows its status and deadline on the thread page and the status route', async () => {
    const { thread } = await groupBuy(2, 5);
    const { client } = await funded(10);
    await contribute(client, thread);
    const read = () => Promise.all([status(client, thread), client.call(api.thread, { params: { id: thread.id } })]);
    const [openStatus, openPage] = await read();
    expect(openStatus).toMatchObject({ status: 'open', deadline: thread.groupBuyDeadline, isParticipant: true });
    expect(openPage.json()).toMatchObject({ groupBuyStatus: 'open', groupBuyDeadline: thread.groupBuyDeadline });
    await pastDeadline(thread);
    await sweepGroupBuys(app);
    const [groupBuyStatus, page] = await read();
    expect(groupBuyStatus).toMatchObject({ status: 'expired', deadline: expect.any(String) });
    expect(page.json()).toMatchObject({ groupBuyStatus: 'expired', isGroupBuyCompleted: false });
  });

  it('race: the last place and the deadline arrive together: it completes or refunds, never both', async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < 12; round++) {
      const { organizer, thread } = await groupBuy(3, 10);
      const members = [await funded(10), await funded(10), await funded(10)];
      for (const { client } of members.slice(0, 2)) await contribute(client, thread);
      const last = members[2] as (typeof members)[number];
      // The deadline falls 0 to 550 ms after the last contribution starts (which takes a few hundred ms here), so
      // the rounds cross every step of it. Even rounds: the sweep runs until it has recorded an outcome. Odd
      // rounds: the deadline's decision itself runs, at that moment.
      const delayMs = round * 50;
      const deadlineArrives =
        round % 2 === 0
          ? async () => {
              await setDeadline(app, thread.id, new Date(Date.now() + delayMs));
              while (!(await groupBuyModels(app).GroupBuyOutcome.exists({ _id: String(thread.id) })))
                await sweepGroupBuys(app);
            }
          : async () => {
              await sleep(delayMs);
              await decide(app, await findThread(app, thread.id), 'expired');
            };
      const [answer] = await Promise.all([contribute(last.client, thread), deadlineArrives()]);
      await sweepGroupBuys(app);
      const outcome = await groupBuyModels(app).GroupBuyOutcome.findById(String(thread.id)).lean();
      outcomes.push(outcome?.status ?? 'none');
      const balances = await Promise.all(members.map(({ user }) => balanceOf(app, user.id)));
      if (outcome?.status === 'completed') {
        expect(answer.statusCode).toBe(200);
        expect(balances).toEqual([0, 0, 0]);
        expect(await balanceOf(app, organizer.id)).toBe(30);
      } else {
        expect(outcome?.status).toBe('expired');
        expect(answer.statusCode).toBe(409);
        expect(answer.json().message).toBe(FORUM_TEXT.groupBuyExpired);
        expect(balances).toEqual([10, 10, 10]);
        expect(await balanceOf(app, organizer.id)).toBe(0);
      }
      expect(await balanceOf(app, escrowAccount(thread.id))).toBe(0);
    }
    expect(outcomes.every((outcome) => outcome === 'completed' || outcome === 'expired')).toBe(true);
    await expectLedgerReconciles(app);
  });
});

describe('the deadline sweep with two processes', () => {
  it('returns each contribution once when both sweep at once, and one sweeps on its own timer', async () => {
    // A second process on the same database, sweeping every 50 ms.
    const other = await createTestApp({ GROUP_BUY_SWEEP_MS: '50' }, app.config.database);
    await other.ready();
    const ended: number[] = [];
    for (const process of [app, other]) process.events.on('groupBuy.ended', ({ threadId }) => ended.push(threadId));

    const { thread } = await groupBuy(5, 20);
    const members = [await funded(20), await funded(20), await funded(20)];
    for (const { client } of members) await contribute(client, thread);
    await setDeadline(app, thread.id, new Date(Date.now() - 1));
    await Promise.all([sweepGroupBuys(app), sweepGroupBuys(app), sweepGroupBuys(other)]);
    await expect.poll(() => groupBuyModels(app).OpenGroupBuy.exists({ _id: String(thread.id) })).toBeNull();
    for (const { user } of members) expect(await balanceOf(app, user.id)).toBe(20);
    const returns = await walletModels(app).LedgerEntry.countDocuments({
      key: { $regex: `^groupbuy-return:\\d+:${thread.id}$` },
    });
    expect(returns).toBe(3);
    expect(ended.filter((id) => id === thread.id)).toHaveLength(1);

    // Nobody calls a sweep here: the other process's timer ends it once its deadline passes.
    const timed = await groupBuy(2, 20);
    const member = await funded(20);
    await contribute(member.client, timed.thread);
    await setDeadline(app, timed.thread.id, new Date(Date.now() + 300));
    await expect
      .poll(() => groupBuyModels(app).GroupBuyOutcome.findById(String(timed.thread.id)).lean(), { timeout: 5000 })
      .toMatchObject({ status: 'expired' });
    await expect.poll(() => balanceOf(app, member.user.id)).toBe(20);
    await expectLedgerReconciles(app);
  });
});
