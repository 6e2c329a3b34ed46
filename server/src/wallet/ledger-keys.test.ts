import { api } from '@enclave/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { createTestApp } from '../test/app.ts';
import { createMember } from '../test/factories.ts';
import { expectLedgerReconciles } from '../test/reconcile.ts';
import { roundTripsDuring } from '../test/scans.ts';
import { balanceOf, ledgerMove, ledgerStats, move, movementByKey, pay, sellerCredit } from './ledger.ts';
import { walletModels } from './models.ts';

let app: App;
let other: App;

beforeAll(async () => {
  app = await createTestApp();
  // A second process on the same database: its movements are not queued with the first one's.
  other = await createTestApp({}, app.config.database);
});

const grant = (account: number, amount: number, key = `grant:${account}:${Math.random()}`) =>
  move(app, { account, amount, key, type: 'admin_grant' });

describe('the ledger by key', () => {
  it('moves, pays, answers balances and finds movements', async () => {
    const { user: buyer } = await createMember(app);
    const { user: seller } = await createMember(app);
    await grant(buyer.id, 100);
    await pay(app, {
      buyer: buyer.id,
      seller: seller.id,
      amount: 1,
      key: `warm:${buyer.id}`,
      type: 'unlock',
      reference: 'thread:1',
    });
    for (let i = 0; i < 60; i++) await grant(buyer.id, 1, `many:${buyer.id}:${i}`);
    await move(app, { account: buyer.id, amount: -5, key: `spend:${buyer.id}`, type: 'unlock' });
    await move(app, { account: buyer.id, amount: -5, key: `spend:${buyer.id}`, type: 'unlock' });
    await pay(app, {
      buyer: buyer.id,
      seller: seller.id,
      amount: 10,
      key: `buy:${buyer.id}`,
      type: 'premium_purchase',
      reference: 'thread:2',
    });
    await move(app, { account: buyer.id, amount: -1000, key: `short:${buyer.id}`, type: 'unlock' }).catch(() => null);
    expect(await balanceOf(app, buyer.id)).toBe(100 - 1 + 60 - 5 - 10);
    expect(await balanceOf(app, seller.id)).toBe(11);
    expect(await movementByKey(app, `buy:${buyer.id}`)).toMatchObject({ account: buyer.id, amount: -10, seq: 64 });
    expect(await movementByKey(app, `sale:buy:${buyer.id}`)).toMatchObject({ account: seller.id, amount: 10 });
    expect(await movementByKey(app, `short:${buyer.id}`)).toBeNull();
    expect(await movementByKey(app, 'never:moved')).toBeNull();
    // Nothing unfinished is left behind, not even by the refused movement: no movement under way, no sale owed
    // (a movement's intent is cleared just after it answers).
    await app.settled();
    for (const key of [`warm:${buyer.id}`, `spend:${buyer.id}`, `buy:${buyer.id}`, `short:${buyer.id}`]) {
      expect(await ledgerMove.pending(app, key)).toBeNull();
      expect(await sellerCredit.pending(app, key)).toBeNull();
    }
    expect(await ledgerMove.pending(app, `sale:buy:${buyer.id}`)).toBeNull();
    await expectLedgerReconciles(app);
  });

  it('race: 100 concurrent debits of 1 coin from two processes on a balance of 50 leave 50 debits and no gap', async () => {
    const { user } = await createMember(app);
    await grant(user.id, 50);
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, (_, i) =>
        move(i % 2 ? app : other, { account: user.id, amount: -1, key: `one:${user.id}:${i}`, type: 'unlock' }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(50);
    expect(await balanceOf(app, user.id)).toBe(0);
    expect(await balanceOf(other, user.id)).toBe(0);
    const seqs = (await walletModels(app).LedgerEntry.find({ account: user.id }).lean())
      .map((e) => e.seq)
      .sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: 51 }, (_, i) => i + 1));
    await expectLedgerReconciles(app);
  });

  it('judges a spend on the balance another process credited since, not on the head this one remembers', async () => {
    const { user } = await createMember(app);
    await grant(user.id, 10);
    expect(await balanceOf(app, user.id)).toBe(10);
    // A coin purchase credited by the other process: this one still remembers the head at 10 coins.
    await move(other, { account: user.id, amount: 100, key: `bought:${user.id}`, type: 'coin_purchase' });
    const spend = await move(app, { account: user.id, amount: -50, key: `spend-more:${user.id}`, type: 'unlock' });
    expect(spend.entry).toMatchObject({ seq: 3, balanceAfter: 60 });
    await expect(
      move(app, { account: user.id, amount: -61, key: `too-much:${user.id}`, type: 'unlock' }),
    ).rejects.toMatchObject({ statusCode: 402 });
    expect(await balanceOf(app, user.id)).toBe(60);
    await expectLedgerReconciles(app);
  });

  it('reads a balance in one round trip once its head is seen, and sees another process’s movements since', async () => {
    const { user, client } = await createMember(app);
    await grant(user.id, 10);
    expect(await balanceOf(app, user.id)).toBe(10);
    // The grant's settling (its copy by type, its pointer) is done, so only the read is counted.
    await app.settled();
    expect(await roundTripsDuring(app, async () => expect(await balanceOf(app, user.id)).toBe(10))).toBe(1);
    // Moved by the other process, once and then many times: this one's remembered head is behind both.
    await move(other, { account: user.id, amount: 5, key: `gift:${user.id}`, type: 'admin_grant' });
    expect((await client.call(api.user)).json().coinBalance).toBe(15);
    for (let i = 0; i < 40; i++)
      await move(other, { account: user.id, amount: 1, key: `gift:${user.id}:${i}`, type: 'admin_grant' });
    expect((await client.call(api.user)).json().coinBalance).toBe(55);
    await expectLedgerReconciles(app);
  });

  it('answers a movement a crash cut short before its pointer, and start-up finishes it', async () => {
    const { user } = await createMember(app);
    await grant(user.id, 10);
    const key = `cut:${user.id}`;
    const { entry } = await move(app, { account: user.id, amount: -10, key, type: 'unlock' });
    // Its copy by type, its place in the movements list and its pointer are written just after it answers.
    await app.settled();
    const counted = await ledgerStats(app, null);
    // As a crash right after the entry and its place in the movements list leaves it: the intent still there, no pointer.
    await walletModels(app).LedgerKey.deleteOne({ _id: key });
    expect(await ledgerMove.begin(app, key, { key, account: user.id, since: Date.now() })).toBe(true);
    expect(await movementByKey(app, key)).toMatchObject({ seq: entry.seq });
    // The balance is 0 now: the retry is the same movement, answered, not a shortfall.
    const again = await move(app, { account: user.id, amount: -10, key, type: 'unlock' });
    expect(again).toMatchObject({ replayed: true, entry: { seq: entry.seq } });
    expect(await walletModels(app).LedgerKey.exists({ _id: key })).toBeNull();
    // The start-up sweep writes the pointer and clears the intent; the movement is counted once, not again.
    expect(await ledgerMove.sweep(app)).toBe(1);
    expect(await ledgerMove.pending(app, key)).toBeNull();
    expect(await walletModels(app).LedgerKey.findById(key).lean()).toMatchObject({ entry: { seq: entry.seq } });
    expect(await movementByKey(app, key)).toMatchObject({ seq: entry.seq });
    expect(await ledgerStats(app, null)).toEqual(counted);
    expect(await balanceOf(app, user.id)).toBe(0);
  });

  it('forgets a movement a crash cut short before its entry, once no process can still be making it', async () => {
    const { user } = await createMember(app);
    await grant(user.id, 10);
    const [recent, old] = [`begun:${user.id}`, `begun-long-ago:${user.id}`];
    await ledgerMove.begin(app, recent, { key: recent, account: user.id, since: Date.now() });
    await ledgerMove.begin(app, old, { key: old, account: user.id, since: Date.now() - 3_600_000 });
    expect(await movementByKey(app, recent)).toBeNull();
    // The recent one may be another process's movement under way: it stays; the old one goes.
    expect(await ledgerMove.sweep(app)).toBe(1);
    expect(await ledgerMove.pending(app, recent)).not.toBeNull();
    expect(await ledgerMove.pending(app, old)).toBeNull();
    // Its writer, still at work, finishes it: the movement happens once, and its intent goes.
    const moved = await move(app, { account: user.id, amount: -10, key: recent, type: 'unlock' });
    expect(moved).toMatchObject({ replayed: false, entry: { balanceAfter: 0 } });
    await app.settled();
    expect(await ledgerMove.pending(app, recent)).toBeNull();
    expect(await balanceOf(app, user.id)).toBe(0);
    await expectLedgerReconciles(app);
  });

  it('counts movements (a sale once) and coins sold since a time', async () => {
    const before = await ledgerStats(app, null);
    const since = new Date();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const { user: buyer } = await createMember(app);
    const { user: seller } = await createMember(app);
    await move(app, { account: buyer.id, amount: 300, key: `coins:${buyer.id}`, type: 'coin_purchase' });
    await pay(app, {
      buyer: buyer.id,
      seller: seller.id,
      amount: 20,
      key: `sold:${buyer.id}`,
      type: 'unlock',
      reference: 'thread:3',
    });
    expect(await ledgerStats(app, since)).toEqual({ totalTransactions: 2, totalCoins: 300 });
    expect(await ledgerStats(app, null)).toEqual({
      totalTransactions: before.totalTransactions + 2,
      totalCoins: before.totalCoins + 300,
    });
    expect(await ledgerStats(app, new Date(Date.now() + 1000))).toEqual({ totalTransactions: 0, totalCoins: 0 });
    // The same figures as counting the ledger itself.
    const counted = await walletModels(app).LedgerEntry.countDocuments({
      type: { $ne: 'sale' },
      createdAt: { $gte: since },
    });
    expect(counted).toBe(2);
  });

  it('answers GET /api/user with the balance by key', async () => {
    const { user, client } = await createMember(app);
    await grant(user.id, 7);
    expect((await client.call(api.user)).json().coinBalance).toBe(7);
  });
});
