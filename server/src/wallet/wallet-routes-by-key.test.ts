import { api, type Payment, type StaffPayment, type Transaction } from '@enclave/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { saveReceivingAddresses } from '../payments/receiving-addresses.ts';
import { createTestApp } from '../test/app.ts';
import type { TestClient } from '../test/client.ts';
import { createMember } from '../test/factories.ts';
import { deliverNotification, type FakePayment, startFakeNowPayments } from '../test/fake-nowpayments.ts';
import { aThread } from '../test/forum.ts';
import { move } from './ledger.ts';

const BTC_ADDRESS = '1BitcoinEaterAddressDontSendf59kuE';
const API_KEY = 'test-api-key-4QF7';
const IPN_SECRET = 'test-ipn-secret-9ZK2';

let app: App;

beforeAll(async () => {
  app = await createTestApp();
  await saveReceivingAddresses(
    app,
    { btc: { name: 'Bitcoin', symbol: 'BTC', network: 'Bitcoin', address: BTC_ADDRESS, usdRate: 65_000 } },
    null,
  );
});

const buy = async (client: TestClient) => {
  const response = await client.call(api.createPayment, { body: { packageId: 'starter', currency: 'btc' } });
  expect(response.statusCode).toBe(201);
  return response.json() as Payment;
};

// That each of these routes reads and writes by key: http/route-scans.test.ts.
describe('the wallet’s routes', () => {
  it('GET /api/transactions: a member with many entries and payments, every page', async () => {
    const { user, client } = await createMember(app);
    for (let i = 0; i < 120; i++)
      await move(app, { account: user.id, amount: 1, key: `many:${user.id}:${i}`, type: 'admin_grant' });
    for (let i = 0; i < 8; i++) await buy(client);
    const rows: Transaction[] = [];
    let cursor: string | null = null;
    do {
      const page: { transactions: Transaction[]; nextCursor: string | null } = (
        await client.call(api.transactions, { query: { limit: '40', ...(cursor ? { cursor } : {}) } })
      ).json();
      rows.push(...page.transactions);
      cursor = page.nextCursor;
    } while (cursor);
    for (const query of [{ type: 'purchase' }, { status: 'pending' }, { type: 'other', limit: '5' }] as Record<
      string,
      string
    >[]) {
      expect((await client.call(api.transactions, { query })).statusCode).toBe(200);
    }
    expect(rows).toHaveLength(128);
    expect(rows.slice(0, 8).every((row) => row.status === 'pending')).toBe(true);
    expect(rows.at(-1)?.id).toBe('entry-1');
  });

  it('self-custody: create, status, the staff queue, confirm and reject', async () => {
    const { client } = await createMember(app);
    const { client: staff } = await createMember(app, { isAdmin: true });
    const confirmed = await buy(client);
    const rejected = await buy(client);
    expect((await client.call(api.payment, { params: { paymentId: confirmed.payment_id } })).statusCode).toBe(200);
    const queue = (await staff.call(api.pendingPayments)).json().payments as StaffPayment[];
    const idOf = (payment: Payment) => queue.find((p) => p.payment_id === payment.payment_id)?.id as number;
    const confirm = await staff.call(api.confirmPayment, {
      params: { id: idOf(confirmed) },
      body: { transactionHash: 'c'.repeat(64) },
    });
    expect(confirm.statusCode).toBe(200);
    expect((await staff.call(api.rejectPayment, { params: { id: idOf(rejected) } })).statusCode).toBe(200);
    const left = (await staff.call(api.pendingPayments)).json().payments as StaffPayment[];
    expect(left.some((p) => [confirmed.payment_id, rejected.payment_id].includes(p.payment_id))).toBe(false);
  });

  it('POST /api/admin/add-coins and add-user-coins', async () => {
    const { client: admin } = await createMember(app, { isAdmin: true });
    const { user } = await createMember(app);
    expect((await admin.call(api.addCoins, { body: { amount: 10 } })).statusCode).toBe(200);
    expect((await admin.call(api.addUserCoins, { body: { userId: user.id, amount: 10 } })).statusCode).toBe(200);
  });

  it('POST /api/coins/spend', async () => {
    const { user: author } = await createMember(app);
    const { user: buyer, client } = await createMember(app);
    await move(app, { account: buyer.id, amount: 100, key: `spend:${buyer.id}`, type: 'admin_grant' });
    const threads = await Promise.all(
      [1, 2].map(() => aThread(app, author, { title: 'Premium', content: 'inside', isPremium: true, premiumCost: 5 })),
    );
    const spend = (id: number) =>
      client.call(api.spendCoins, { body: { amount: 5, referenceId: id, referenceType: 'thread' } });
    expect((await spend(threads[0]?.id as number)).statusCode).toBe(200);
    expect((await spend(threads[1]?.id as number)).statusCode).toBe(200);
  });
});

describe('NOWPayments', () => {
  it('create, status and a signed notification', async () => {
    const fake = await startFakeNowPayments(API_KEY);
    const nowpayments = await createTestApp({
      PAYMENT_PROVIDER: 'nowpayments',
      NOWPAYMENTS_API_URL: fake.url,
      NOWPAYMENTS_API_KEY: API_KEY,
      NOWPAYMENTS_IPN_SECRET: IPN_SECRET,
    });
    const { client } = await createMember(nowpayments);
    const deliver = (body: unknown) => deliverNotification(nowpayments, IPN_SECRET, body);
    const round = async () => {
      const created = await client.call(api.createPayment, { body: { packageId: 'starter', currency: 'btc' } });
      const payment = created.json() as Payment;
      const upstream = fake.payments.get(payment.payment_id) as FakePayment;
      expect((await client.call(api.payment, { params: { paymentId: payment.payment_id } })).statusCode).toBe(200);
      const body = { payment_id: upstream.payment_id, payment_status: 'finished', order_id: payment.order_id };
      expect((await deliver(body)).statusCode).toBe(200);
    };
    await round();
    await round();
  });
});
