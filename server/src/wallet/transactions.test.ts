import { api, type Transaction, type TransactionsQuery } from '@enclave/protocol';
import type { Model } from 'mongoose';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../app.ts';
import { paymentModels } from '../payments/models.ts';
import { paymentItems, paymentPointersMigration } from '../payments/payment-keys.ts';
import { paymentList } from '../payments/payment-model.ts';
import { saveReceivingAddresses } from '../payments/receiving-addresses.ts';
import { confirmPayment, createPayment, rejectPayment } from '../payments/service.ts';
import { appendAfter, importList } from '../storage/index.ts';
import { createTestApp } from '../test/app.ts';
import type { TestClient } from '../test/client.ts';
import { createMember, signedInClient } from '../test/factories.ts';
import { expectLedgerReconciles } from '../test/reconcile.ts';
import type { UserRecord } from '../users/user-model.ts';
import { ledgerMove, move, pay, refund } from './ledger.ts';
import { ledgerByTypeMigration } from './ledger-by-type.ts';
import { ledgerList } from './ledger-keys.ts';
import type { EntryType, LedgerEntry, LedgerItem } from './ledger-model.ts';
import { walletModels } from './models.ts';
import { PAYMENT_STATUS_GROUPS } from './presenter.ts';

const BTC_ADDRESS = '1BitcoinEaterAddressDontSendf59kuE';
let app: App;
let staff: UserRecord;

beforeAll(async () => {
  app = await createTestApp();
  await saveReceivingAddresses(
    app,
    { btc: { name: 'Bitcoin', symbol: 'BTC', network: 'Bitcoin', address: BTC_ADDRESS, usdRate: 50_000 } },
    null,
  );
  staff = (await createMember(app, { isAdmin: true })).user;
});
afterEach(() => {
  vi.useRealTimers();
});

async function history(client: TestClient, query: Record<string, string> = {}) {
  const response = await client.call(api.transactions, { query });
  expect(response.statusCode).toBe(200);
  return response.json() as { transactions: Transaction[]; nextCursor: string | null };
}

/** One of every kind of row for `user`, one second apart, so the order is known. */
async function everyKind(user: UserRecord, seller: UserRecord) {
  let clock = Date.parse('2025-03-01T12:00:00Z');
  const tick = () => {
    clock += 1000;
    vi.setSystemTime(clock);
  };
  vi.useFakeTimers({ toFake: ['Date'], now: clock });
  await move(app, {
    account: user.id,
    amount: 500,
    key: `grant:${user.id}`,
    type: 'admin_grant',
    reference: 'grant:1',
  });
  tick();
  const confirmed = await createPayment(app, user, { packageId: 'starter', currency: 'btc' });
  tick();
  await confirmPayment(app, staff, confirmed.id, 'b'.repeat(64));
  tick();
  await pay(app, {
    buyer: user.id,
    seller: seller.id,
    amount: 40,
    key: `unlock:${user.id}:7`,
    type: 'unlock',
    reference: 'thread:7',
  });
  tick();
  const contribution = await move(app, {
    account: user.id,
    amount: -10,
    key: `group-buy:${user.id}:8`,
    type: 'group_buy',
    reference: 'thread:8',
  });
  tick();
  await refund(app, contribution.entry);
  tick();
  const rejected = await createPayment(app, user, { packageId: 'regular', currency: 'btc' });
  tick();
  await rejectPayment(app, staff, rejected.id);
  tick();
  const pending = await createPayment(app, user, { packageId: 'standard', currency: 'btc' });
  vi.useRealTimers();
  return { confirmed, rejected, pending };
}

describe('GET /api/transactions', () => {
  it('presents the ledger and the open payments newest first, with the spec’s types and signs', async () => {
    const { user, client } = await createMember(app);
    const { user: seller, client: sellerClient } = await createMember(app);
    const { confirmed, rejected, pending } = await everyKind(user, seller);

    const { transactions, nextCursor } = await history(client);
    expect(nextCursor).toBeNull();
    expect(transactions.map((t) => [t.entryType, t.transactionType, t.amount, t.status])).toEqual([
      ['coin_purchase', 'purchase', 1000, 'pending'],
      ['coin_purchase', 'purchase', 250, 'failed'],
      ['refund', 'other', 10, 'completed'],
      ['group_buy', 'unlock_content', -10, 'completed'],
      ['unlock', 'unlock_content', -40, 'completed'],
      ['coin_purchase', 'purchase', 100, 'completed'],
      ['admin_grant', 'other', 500, 'completed'],
    ]);
    const [open, failed, , , unlock, purchase, grant] = transactions;
    expect(open).toMatchObject({
      id: `payment-${pending.id}`,
      userId: user.id,
      referenceId: `payment:${pending.paymentId}`,
      walletAddress: BTC_ADDRESS,
      transactionHash: null,
      currency: 'btc',
      balanceAfter: null,
    });
    expect(failed?.referenceId).toBe(`payment:${rejected.paymentId}`);
    expect(unlock).toMatchObject({ referenceId: 'thread:7', walletAddress: null, balanceAfter: 560 });
    expect(purchase).toMatchObject({
      referenceId: `payment:${confirmed.paymentId}`,
      walletAddress: BTC_ADDRESS,
      transactionHash: 'b'.repeat(64),
      currency: 'btc',
      balanceAfter: 600,
    });
    expect(grant).toMatchObject({ createdAt: '2025-03-01T12:00:00.000Z', referenceId: 'grant:1' });

    const sellerRows = (await history(sellerClient)).transactions;
    expect(sellerRows.map((t) => [t.entryType, t.transactionType, t.amount, t.referenceId])).toEqual([
      ['sale', 'other', 40, 'thread:7'],
    ]);
    await expectLedgerReconciles(app);
  });

  it('filters by type and by status', async () => {
    const { user, client } = await createMember(app);
    const { user: seller } = await createMember(app);
    await everyKind(user, seller);
    const kinds = async (query: Record<string, string>) =>
      (await history(client, query)).transactions.map((t) => `${t.entryType}/${t.status}`);
    expect(await kinds({ type: 'purchase' })).toEqual([
      'coin_purchase/pending',
      'coin_purchase/failed',
      'coin_purchase/completed',
    ]);
    expect(await kinds({ type: 'unlock_content' })).toEqual(['group_buy/completed', 'unlock/completed']);
    expect(await kinds({ type: 'other' })).toEqual(['refund/completed', 'admin_grant/completed']);
    expect(await kinds({ status: 'pending' })).toEqual(['coin_purchase/pending']);
    expect(await kinds({ status: 'failed' })).toEqual(['coin_purchase/failed']);
    expect(await kinds({ status: 'completed', type: 'purchase' })).toEqual(['coin_purchase/completed']);
    expect((await history(client, { type: 'purchase', status: 'completed' })).transactions[0]).toMatchObject({
      walletAddress: BTC_ADDRESS,
      transactionHash: 'b'.repeat(64),
      currency: 'btc',
    });
    expect(await kinds({ status: 'pending', type: 'other' })).toEqual([]);
    expect((await client.call(api.transactions, { query: { type: 'deposit' } })).statusCode).toBe(400);
  });

  it('pages through rows created in the same millisecond without repeating or skipping one', async () => {
    const { user, client } = await createMember(app);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2025-04-01T00:00:00Z') });
    for (let i = 1; i <= 4; i++) {
      await move(app, { account: user.id, amount: i, key: `tie:${user.id}:${i}`, type: 'admin_grant' });
      await createPayment(app, user, { packageId: 'starter', currency: 'btc' });
    }
    vi.useRealTimers();
    const all = (await history(client)).transactions.map((t) => t.id);
    expect(all).toHaveLength(8);
    expect(all.slice(0, 4)).toEqual(['entry-4', 'entry-3', 'entry-2', 'entry-1']);
    for (const limit of [1, 2, 3, 5]) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page = await history(client, { limit: String(limit), ...(cursor ? { cursor } : {}) });
        expect(page.transactions.length).toBeLessThanOrEqual(limit);
        seen.push(...page.transactions.map((t) => t.id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen, `limit ${limit}`).toEqual(all);
    }
  });

  it('shows members only their own rows, and nobody’s to visitors', async () => {
    const { user } = await createMember(app);
    const { client: other } = await createMember(app);
    await move(app, { account: user.id, amount: 5, key: `mine:${user.id}`, type: 'admin_grant' });
    expect((await history(other)).transactions).toEqual([]);
    expect((await app.inject({ method: 'GET', url: api.transactions.url })).statusCode).toBe(401);
    await expectLedgerReconciles(app);
  });
});

/** Every row of the history for `query`, page by page (each at most `limit` rows), with the cursors it gave. */
async function everyPage(client: TestClient, query: Record<string, string>, limit: number) {
  const rows: Transaction[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page = await history(client, { ...query, limit: String(limit), ...(cursor ? { cursor } : {}) });
    expect(page.transactions.length).toBeLessThanOrEqual(limit);
    rows.push(...page.transactions);
    cursor = page.nextCursor;
    pages++;
  } while (cursor);
  return { rows, ids: rows.map((row) => row.id), pages };
}

/** What each filter must show: the unfiltered history's rows of its type and status, in the same order. */
const FILTERS: { query: Record<string, string>; keeps: (row: Transaction) => boolean }[] = [
  { query: { type: 'purchase' }, keeps: (row) => row.transactionType === 'purchase' },
  { query: { type: 'unlock_content' }, keeps: (row) => row.transactionType === 'unlock_content' },
  { query: { type: 'other' }, keeps: (row) => row.transactionType === 'other' },
  { query: { status: 'completed' }, keeps: (row) => row.status === 'completed' },
  { query: { status: 'pending' }, keeps: (row) => row.status === 'pending' },
  {
    query: { type: 'purchase', status: 'completed' },
    keeps: (row) => row.transactionType === 'purchase' && row.status === 'completed',
  },
];

async function expectEachFilterShowsItsRows(client: TestClient, limit: number) {
  const all = (await everyPage(client, {}, 50)).rows;
  for (const { query, keeps } of FILTERS) {
    const { ids } = await everyPage(client, query, limit);
    expect(ids, new URLSearchParams(query).toString()).toEqual(all.filter(keeps).map((row) => row.id));
  }
}

/** Entry types in a mix where each history type is sometimes rare and sometimes common. */
const MIX: EntryType[] = ['admin_grant', 'unlock', 'unlock', 'premium_purchase', 'sale', 'coin_purchase', 'refund'];

describe('GET /api/transactions, filtered, page by page', () => {
  it('shows each type’s and status’s rows newest first across pages, as the unfiltered history orders them', async () => {
    const { user, client } = await createMember(app);
    await move(app, { account: user.id, amount: 1000, key: `start:${user.id}`, type: 'admin_grant' });
    for (let i = 0; i < 60; i++) {
      const type = MIX[i % MIX.length] as EntryType;
      const amount = ['unlock', 'premium_purchase'].includes(type) ? -3 : 2;
      await move(app, { account: user.id, amount, key: `mix:${user.id}:${i}`, type });
      if (i % 25 === 0) await createPayment(app, user, { packageId: 'starter', currency: 'btc' });
    }
    await expectEachFilterShowsItsRows(client, 7);
    const purchases = await everyPage(client, { type: 'purchase', status: 'completed' }, 3);
    expect(purchases.pages).toBeGreaterThan(2);
    await expectLedgerReconciles(app);
  });

  it('answers a filter that matches nothing with an empty last page', async () => {
    const { user, client } = await createMember(app);
    for (let i = 0; i < 3; i++)
      await move(app, { account: user.id, amount: 5, key: `only:${user.id}:${i}`, type: 'admin_grant' });
    for (const query of [{ type: 'purchase' }, { type: 'unlock_content' }, { status: 'failed' }] as Record<
      string,
      string
    >[]) {
      expect(await history(client, query)).toEqual({ transactions: [], nextCursor: null });
    }
    expect((await history(client, { type: 'other' })).transactions).toHaveLength(3);
  });

  it('lists a ledger written before the lists by type, once however often converted, and what moves after it', async () => {
    const { user, client } = await createMember(app);
    const at = Date.parse('2025-05-01T00:00:00Z');
    let balance = 0;
    const written: LedgerEntry[] = Array.from({ length: 120 }, (_, i) => {
      const type = MIX[(i * 5) % MIX.length] as EntryType;
      const amount = i === 0 ? 1000 : ['unlock', 'premium_purchase'].includes(type) ? -3 : 2;
      balance += amount;
      return {
        account: user.id,
        seq: i + 1,
        amount,
        balanceAfter: balance,
        key: `before:${user.id}:${i}`,
        type: i === 0 ? 'admin_grant' : type,
        reference: null,
        creditTo: null,
        createdAt: new Date(at + i * 1000),
      };
    });
    // As the ledger stood before its lists by type existed: its own keyed list, nothing else.
    const ledger = walletModels(app).LedgerEntry as unknown as Model<LedgerItem>;
    await importList(app, ledger, ledgerList(user.id), written);
    await walletModels(app).LedgerKey.insertMany(written.map((entry) => ({ _id: entry.key, entry })));
    expect((await history(client, { type: 'unlock_content' })).transactions).toEqual([]);

    await ledgerByTypeMigration.run(app, () => undefined);
    await ledgerByTypeMigration.run(app, () => undefined);
    await move(app, { account: user.id, amount: -3, key: `after:${user.id}`, type: 'unlock' });
    await expectEachFilterShowsItsRows(client, 9);
    expect((await history(client, { type: 'unlock_content', limit: '1' })).transactions[0]?.id).toBe('entry-121');
  });

  it('lists a movement a crash cut short before its pointer once, when the sweep finishes it', async () => {
    const { user, client } = await createMember(app);
    await move(app, { account: user.id, amount: 100, key: `funds:${user.id}`, type: 'admin_grant' });
    // A crash after the entry, before its listing by type and its pointer: the entry and the intent are left.
    const key = `cut:${user.id}`;
    await ledgerMove.begin(app, key, { key, account: user.id, since: Date.now() });
    const ledger = walletModels(app).LedgerEntry as unknown as Model<LedgerItem>;
    await appendAfter(app, ledger, ledgerList(user.id), (seq, head) => ({
      account: user.id,
      seq,
      amount: -10,
      balanceAfter: (head?.balanceAfter ?? 0) - 10,
      key,
      type: 'unlock' as const,
      reference: 'thread:3',
      creditTo: null,
      createdAt: new Date(),
    }));
    expect((await history(client, { type: 'unlock_content' })).transactions).toEqual([]);
    await ledgerMove.sweep(app);
    await ledgerMove.sweep(app);
    // A sweep that runs again after the listing (its pointer lost) lists it no second time.
    await walletModels(app).LedgerKey.deleteOne({ _id: key });
    await ledgerMove.begin(app, key, { key, account: user.id, since: Date.now() });
    await ledgerMove.sweep(app);
    expect((await history(client, { type: 'unlock_content' })).transactions.map((t) => t.id)).toEqual(['entry-2']);
    await expectLedgerReconciles(app);
  });

  it('race: movements of every type from two processes at once are each listed under their type, once', async () => {
    const second = await createTestApp({}, app.config.database);
    const { user, client } = await createMember(app);
    await move(app, { account: user.id, amount: 1000, key: `pot:${user.id}`, type: 'admin_grant' });
    await Promise.all(
      Array.from({ length: 40 }, (_, i) => {
        const type = MIX[i % MIX.length] as EntryType;
        const amount = ['unlock', 'premium_purchase'].includes(type) ? -3 : 2;
        return move(i % 2 ? app : second, { account: user.id, amount, key: `race:${user.id}:${i}`, type });
      }),
    );
    await app.settled();
    await second.settled();
    const all = (await history(await signedInClient(second, user), { limit: '100' })).transactions;
    for (const type of ['purchase', 'unlock_content', 'other'] satisfies TransactionsQuery['type'][]) {
      const { ids } = await everyPage(client, { type }, 6);
      // Two processes' listings may land out of the ledger's order across a page's edge: the same rows, once each.
      expect(new Set(ids).size, type).toBe(ids.length);
      expect([...ids].sort(), type).toEqual(
        all
          .filter((row) => row.transactionType === type)
          .map((row) => row.id)
          .sort(),
      );
    }
    await expectLedgerReconciles(app);
  });
});

describe('GET /api/transactions, the payments not finished', () => {
  /** The member's payments as the history must show them: not finished, newest first, by status. */
  async function expectedPayments(userId: number, status?: 'pending' | 'failed') {
    const mine = await paymentModels(app).Payment.find({ userId }).lean();
    const groups = { pending: PAYMENT_STATUS_GROUPS.pending, failed: PAYMENT_STATUS_GROUPS.failed };
    return mine
      .filter((p) => p.status !== 'finished' && (!status || groups[status].includes(p.status)))
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)
      .map((p) => `payment-${p.id}`);
  }

  async function expectPaymentPages(client: TestClient, userId: number) {
    for (const status of [undefined, 'pending', 'failed'] as const) {
      const { ids } = await everyPage(client, status ? { status } : {}, 2);
      const rows = ids.filter((id) => id.startsWith('payment-'));
      expect(rows, status ?? 'all').toEqual(await expectedPayments(userId, status));
    }
  }

  it('shows them across pages however many were finished, and whenever they finished', async () => {
    const { user, client } = await createMember(app);
    const made = [];
    for (let i = 0; i < 24; i++) {
      const payment = await createPayment(app, user, { packageId: 'starter', currency: 'btc' });
      made.push(payment);
      // Most are finished at once; every fifth is rejected, every seventh left waiting.
      if (i % 5 === 4) await rejectPayment(app, staff, payment.id);
      else if (i % 7 !== 6 && i % 4 !== 1) await confirmPayment(app, staff, payment.id, `${i}`.padStart(64, 'c'));
    }
    await expectPaymentPages(client, user.id);
    // Those left waiting while later ones were made finish now: the later ones' lists point at them.
    for (const [i, payment] of made.entries()) {
      if (i % 4 === 1 && i % 5 !== 4) await confirmPayment(app, staff, payment.id, `${i}`.padStart(64, 'd'));
    }
    await createPayment(app, user, { packageId: 'starter', currency: 'btc' });
    await expectPaymentPages(client, user.id);
    await expectLedgerReconciles(app);
  });

  it('shows payments listed before their lists skipped the finished ones, and those made after', async () => {
    const { user, client } = await createMember(app);
    const made = [];
    for (let i = 0; i < 9; i++) made.push(await createPayment(app, user, { packageId: 'starter', currency: 'btc' }));
    // As the list stood before: each item naming its payment, nothing more.
    await paymentItems(app).deleteMany({ list: paymentList(user.id) });
    await importList(
      app,
      paymentItems(app),
      `${paymentList(user.id)}`,
      made.map(({ id }) => ({ id })),
    );
    for (const [i, payment] of made.entries()) {
      if (i % 3 === 0) await rejectPayment(app, staff, payment.id);
      else if (i % 3 === 1) await confirmPayment(app, staff, payment.id, `${i}`.padStart(64, 'e'));
    }
    await createPayment(app, user, { packageId: 'starter', currency: 'btc' });
    await expectPaymentPages(client, user.id);
    // The conversion that gives such lists their pointers, however often it runs, and a payment made after it.
    await paymentPointersMigration.run(app, () => undefined);
    await paymentPointersMigration.run(app, () => undefined);
    await expectPaymentPages(client, user.id);
    await createPayment(app, user, { packageId: 'starter', currency: 'btc' });
    await expectPaymentPages(client, user.id);
  });
});
