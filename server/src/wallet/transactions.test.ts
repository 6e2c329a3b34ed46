import { api, type Transaction } from '@enclave/protocol';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../app.ts';
import { saveReceivingAddresses } from '../payments/receiving-addresses.ts';
import { confirmPayment, createPayment, rejectPayment } from '../payments/service.ts';
import { createTestApp } from '../test/app.ts';
import type { TestClient } from '../test/client.ts';
import { createMember } from '../test/factories.ts';
import { expectLedgerReconciles } from '../test/reconcile.ts';
import type { UserRecord } from '../users/user-model.ts';
import { move, pay, refund } from './ledger.ts';

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
