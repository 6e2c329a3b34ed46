import { createHmac } from 'node:crypto';
import { api, ErrorCode, PAYMENT_TEXT, type Payment } from '@enclave/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { createTestApp } from '../test/app.ts';
import { createMember } from '../test/factories.ts';
import { deliverNotification, type FakePayment, startFakeNowPayments } from '../test/fake-nowpayments.ts';
import { expectLedgerReconciles } from '../test/reconcile.ts';
import { balanceOf } from '../wallet/ledger.ts';
import { walletModels } from '../wallet/models.ts';
import { paymentModels } from './models.ts';
import { signNotification } from './providers/nowpayments.ts';

const API_KEY = 'test-api-key-4QF7';
const IPN_SECRET = 'test-ipn-secret-9ZK2';

let app: App;
let fake: Awaited<ReturnType<typeof startFakeNowPayments>>;

beforeAll(async () => {
  fake = await startFakeNowPayments(API_KEY);
  app = await createTestApp({
    PAYMENT_PROVIDER: 'nowpayments',
    NOWPAYMENTS_API_URL: fake.url,
    NOWPAYMENTS_API_KEY: API_KEY,
    NOWPAYMENTS_IPN_SECRET: IPN_SECRET,
    PUBLIC_URL: 'https://enclave.example',
  });
});

const deliver = (body: unknown, signature?: string | null) => deliverNotification(app, IPN_SECRET, body, signature);

async function buy(packageId = 'standard', currency = 'btc') {
  const { user, client } = await createMember(app);
  const response = await client.call(api.createPayment, { body: { packageId, currency } });
  expect(response.statusCode).toBe(201);
  const payment = response.json() as Payment;
  return { user, client, payment, upstream: fake.payments.get(payment.payment_id) as FakePayment };
}

const creditsOf = (paymentId: string) => walletModels(app).LedgerEntry.countDocuments({ key: `payment:${paymentId}` });

describe('NOWPayments: the signature', () => {
  it('is the HMAC-SHA512 of the JSON with keys sorted at every depth', () => {
    const body = { payment_status: 'finished', payment_id: 12, fee: { serviceFee: 0, currency: 'btc' }, order_id: 'o' };
    const canonical =
      '{"fee":{"currency":"btc","serviceFee":0},"order_id":"o","payment_id":12,"payment_status":"finished"}';
    expect(signNotification('k', body)).toBe(createHmac('sha512', 'k').update(canonical).digest('hex'));
  });
});

describe('NOWPayments: packages, currencies, estimate and create', () => {
  it('lists only the currencies the provider offers, asking with the API key', async () => {
    const response = await app.inject({ method: 'GET', url: api.paymentCurrencies.url });
    expect(response.json()).toEqual(['btc', 'xmr', 'usdt']);
    const asked = fake.calls.filter((c) => c.path === '/v1/currencies');
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((c) => c.apiKey === API_KEY && c.query.fixed_rate === 'true')).toBe(true);
  });

  it('estimates a USD amount from /v1/estimate, /v1/min-amount and the fixed-rate maximum', async () => {
    const { client } = await createMember(app);
    const response = await client.call(api.estimatePayment, { body: { amount: 100, currency: 'btc' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ estimated_amount: 0.00153846, min_amount: 0.0001, max_amount: 5 });
    expect(fake.calls.find((c) => c.path === '/v1/estimate')?.query).toEqual({
      amount: '100',
      currency_from: 'usd',
      currency_to: 'btc',
    });
    expect(fake.calls.some((c) => c.path === '/v1/min-amount' && c.query.currency_from === 'btc')).toBe(true);
  });

  it('takes the stablecoins on ERC-20 and refuses a currency the provider lacks', async () => {
    const { client } = await createMember(app);
    const usdt = await client.call(api.estimatePayment, { body: { amount: 25, currency: 'usdt' } });
    expect(usdt.json().estimated_amount).toBe(25);
    expect(fake.calls.at(-1)?.query).toMatchObject({ currency_from: 'usdterc20' });
    const usdc = await client.call(api.estimatePayment, { body: { amount: 25, currency: 'usdc' } });
    expect(usdc.statusCode).toBe(400);
    expect(usdc.json().message).toBe(PAYMENT_TEXT.currencyUnavailable('usdc'));
  });

  it('creates a payment through /v1/payment and answers where and how much to pay', async () => {
    const { user, payment, upstream } = await buy('standard', 'btc');
    expect(payment).toMatchObject({
      payment_id: upstream.payment_id,
      order_id: upstream.order_id,
      payment_status: 'waiting',
      pay_amount: upstream.pay_amount,
      pay_currency: 'btc',
      price_amount: 100,
      pay_address: upstream.pay_address,
      payment_url: `https://enclave.example/wallet?payment=${upstream.payment_id}`,
      coins: 1000,
      provider: 'nowpayments',
    });
    expect(upstream).toMatchObject({
      price_amount: 100,
      price_currency: 'usd',
      pay_currency: 'btc',
      ipn_callback_url: 'https://enclave.example/api/payments/ipn',
    });
    const stored = await paymentModels(app).Payment.findOne({ paymentId: payment.payment_id }).lean();
    expect(stored).toMatchObject({ userId: user.id, status: 'waiting', coins: 1000 });
    expect(await balanceOf(app, user.id)).toBe(0);
  });

  it('answers 503 and records nothing when the provider refuses the key', async () => {
    const broken = await createTestApp({
      PAYMENT_PROVIDER: 'nowpayments',
      NOWPAYMENTS_API_URL: fake.url,
      NOWPAYMENTS_API_KEY: 'wrong-key',
      NOWPAYMENTS_IPN_SECRET: IPN_SECRET,
    });
    const { client } = await createMember(broken);
    const response = await client.call(api.createPayment, { body: { packageId: 'starter', currency: 'btc' } });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ message: PAYMENT_TEXT.providerUnavailable, code: ErrorCode.Unavailable });
    expect(await paymentModels(broken).Payment.countDocuments()).toBe(0);
  });
});

describe('NOWPayments: instant payment notifications', () => {
  it('credits once when `finished` is delivered 10 times at once (nested body)', async () => {
    const { user, client, payment, upstream } = await buy('bulk', 'btc');
    const body = fake.notification(upstream, 'finished');
    const responses = await Promise.all(Array.from({ length: 10 }, () => deliver(body)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(await creditsOf(payment.payment_id)).toBe(1);
    expect(await balanceOf(app, user.id)).toBe(2750);
    expect((await client.call(api.user)).json().coinBalance).toBe(2750);
    expect((await client.call(api.payment, { params: { paymentId: payment.payment_id } })).json()).toMatchObject({
      payment_status: 'finished',
    });
    const [row] = (await client.call(api.transactions)).json().transactions;
    expect(row).toMatchObject({
      transactionType: 'purchase',
      amount: 2750,
      status: 'completed',
      walletAddress: upstream.pay_address,
      currency: 'btc',
      referenceId: `payment:${payment.payment_id}`,
    });
    await expectLedgerReconciles(app);
  });

  it('records partially_paid from a flat body, then credits on finished', async () => {
    const { user, payment, upstream } = await buy('starter', 'btc');
    const { fee: _fee, ...flat } = fake.notification(upstream, 'partially_paid');
    const partial = await deliver({ ...flat, actually_paid: upstream.pay_amount / 2 });
    expect(partial.statusCode).toBe(200);
    expect(await paymentModels(app).Payment.findOne({ paymentId: payment.payment_id }).lean()).toMatchObject({
      status: 'partially_paid',
      actuallyPaid: upstream.pay_amount / 2,
    });
    expect(await balanceOf(app, user.id)).toBe(0);
    const { fee: _again, ...finished } = fake.notification(upstream, 'finished');
    expect((await deliver(finished)).statusCode).toBe(200);
    expect(await balanceOf(app, user.id)).toBe(100);
    await expectLedgerReconciles(app);
  });

  it('records failed and expired without credit, and shows them in the history', async () => {
    const failed = await buy('starter', 'btc');
    const expired = await buy('regular', 'xmr');
    expect((await deliver(fake.notification(failed.upstream, 'failed'))).statusCode).toBe(200);
    expect((await deliver(fake.notification(expired.upstream, 'expired'))).statusCode).toBe(200);
    for (const { user, client, payment } of [failed, expired]) {
      expect(await creditsOf(payment.payment_id)).toBe(0);
      expect(await balanceOf(app, user.id)).toBe(0);
      const [row] = (await client.call(api.transactions)).json().transactions;
      expect(row).toMatchObject({ transactionType: 'purchase', status: 'failed', amount: payment.coins });
    }
    expect((await paymentModels(app).Payment.findOne({ paymentId: expired.payment.payment_id }).lean())?.status).toBe(
      'expired',
    );
  });

  it('keeps a finished payment finished when a late status arrives', async () => {
    const { user, payment, upstream } = await buy('starter', 'btc');
    await deliver(fake.notification(upstream, 'finished'));
    expect((await deliver(fake.notification(upstream, 'failed'))).statusCode).toBe(200);
    expect((await paymentModels(app).Payment.findOne({ paymentId: payment.payment_id }).lean())?.status).toBe(
      'finished',
    );
    expect(await balanceOf(app, user.id)).toBe(100);
    await expectLedgerReconciles(app);
  });

  it('answers 401 and credits nothing for a bad or missing signature', async () => {
    const { user, payment, upstream } = await buy('starter', 'btc');
    const body = fake.notification(upstream, 'finished');
    const forged = await deliver(body, signNotification('not-the-secret', body));
    const tampered = await deliver({ ...body, price_amount: 1 }, signNotification(IPN_SECRET, body));
    const unsigned = await deliver(body, null);
    for (const response of [forged, tampered, unsigned]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: PAYMENT_TEXT.signatureInvalid, code: ErrorCode.Unauthenticated });
    }
    expect(await creditsOf(payment.payment_id)).toBe(0);
    expect(await balanceOf(app, user.id)).toBe(0);
    expect((await paymentModels(app).Payment.findOne({ paymentId: payment.payment_id }).lean())?.status).toBe(
      'waiting',
    );
  });

  it('answers 404 and credits nothing for an unknown payment', async () => {
    const { upstream } = await buy('starter', 'btc');
    const before = await walletModels(app).LedgerEntry.countDocuments();
    const unknown = await deliver({ ...fake.notification(upstream, 'finished'), payment_id: 999_999_999 });
    const otherOrder = await deliver({ ...fake.notification(upstream, 'finished'), order_id: 'enclave-someone-else' });
    for (const response of [unknown, otherOrder]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(PAYMENT_TEXT.paymentNotFound);
    }
    expect(await walletModels(app).LedgerEntry.countDocuments()).toBe(before);
  });

  it('is not confirmed by staff: that is self-custody only', async () => {
    const { payment } = await buy('starter', 'btc');
    const { client: admin } = await createMember(app, { isAdmin: true });
    const id = (await paymentModels(app).Payment.findOne({ paymentId: payment.payment_id }).lean())?.id;
    const response = await admin.call(api.confirmPayment, {
      params: { id },
      body: { transactionHash: 'c'.repeat(64) },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(PAYMENT_TEXT.staffConfirmsSelfCustodyOnly);
    expect(await creditsOf(payment.payment_id)).toBe(0);
  });
});
