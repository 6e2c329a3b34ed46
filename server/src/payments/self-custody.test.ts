import type { AddressInfo } from 'node:net';
import {
  api,
  ErrorCode,
  PAYMENT_TEXT,
  type Payment,
  type ServerToClientEvents,
  type StaffPayment,
  VALIDATION,
} from '@enclave/protocol';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { createTestApp } from '../test/app.ts';
import type { TestClient } from '../test/client.ts';
import { createMember } from '../test/factories.ts';
import { expectLedgerReconciles } from '../test/reconcile.ts';
import { balanceOf } from '../wallet/ledger.ts';
import { walletModels } from '../wallet/models.ts';
import { paymentModels } from './models.ts';
import { saveReceivingAddresses } from './receiving-addresses.ts';

const BTC_ADDRESS = '1BitcoinEaterAddressDontSendf59kuE';
const XMR_ADDRESS = `4${'A'.repeat(94)}`;
const USDT_ADDRESS = `0x${'0'.repeat(36)}dEaD`;

let app: App;
let url: string;
const sockets: Socket<ServerToClientEvents>[] = [];

beforeAll(async () => {
  // xmr and usdc have environment rates; btc's rate is the admin's; usdt has an address but no rate.
  app = await createTestApp({ SELF_CUSTODY_RATES: JSON.stringify({ xmr: 150, usdc: 1 }) });
  await saveReceivingAddresses(
    app,
    {
      btc: { name: 'Bitcoin', symbol: 'BTC', network: 'Bitcoin', address: BTC_ADDRESS, usdRate: 65_000 },
      xmr: { name: 'Monero', symbol: 'XMR', network: 'Monero', address: XMR_ADDRESS },
      usdt: { name: 'Tether', symbol: 'USDT', network: 'Ethereum (ERC-20)', address: USDT_ADDRESS },
    },
    null,
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(() => {
  for (const socket of sockets) socket.disconnect();
});

async function socketOf(client: TestClient): Promise<Socket<ServerToClientEvents>> {
  const socket: Socket<ServerToClientEvents> = connect(url, {
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: { cookie: `enclave_session=${client.cookie}` },
  });
  sockets.push(socket);
  await new Promise((resolve) => socket.once('session:ready', resolve));
  return socket;
}

async function buy(client: TestClient, packageId = 'standard', currency = 'btc'): Promise<Payment> {
  const response = await client.call(api.createPayment, { body: { packageId, currency } });
  expect(response.statusCode).toBe(201);
  return response.json();
}

const recordOf = (payment: Payment) => paymentModels(app).Payment.findOne({ paymentId: payment.payment_id }).lean();
const HASH = 'c'.repeat(64);
const idOf = async (payment: Payment) => (await recordOf(payment))?.id as number;

describe('self-custody: packages, currencies and estimates', () => {
  it('offers packages at $100 = 1000 coins, with Save on those with bonus coins', async () => {
    const packages = (await app.inject({ method: 'GET', url: api.paymentPackages.url })).json();
    expect(packages.find((p: { id: string }) => p.id === 'standard')).toMatchObject({
      price: 100,
      coins: 1000,
      save: false,
    });
    for (const pkg of packages) expect(pkg.save).toBe(pkg.coins > pkg.price * 10);
    expect(packages.filter((p: { save: boolean }) => p.save).map((p: { id: string }) => p.id)).toEqual([
      'bulk',
      'patron',
    ]);
  });

  it('lists the currencies that have both an admin address and a rate', async () => {
    expect((await app.inject({ method: 'GET', url: api.paymentCurrencies.url })).json()).toEqual(['btc', 'xmr']);
  });

  it('estimates from the rate table with no network call, rounded up', async () => {
    const { client } = await createMember(app);
    const btc = await client.call(api.estimatePayment, { body: { amount: 100, currency: 'btc' } });
    expect(btc.json()).toEqual({ estimated_amount: 0.00153847, min_amount: 0.00015385, max_amount: 0.00769231 });
    const xmr = await client.call(api.estimatePayment, { body: { amount: 25, currency: 'xmr' } });
    expect(xmr.json().estimated_amount).toBe(0.16666667);
    const usdt = await client.call(api.estimatePayment, { body: { amount: 25, currency: 'usdt' } });
    expect(usdt.statusCode).toBe(400);
    expect(usdt.json().message).toBe(PAYMENT_TEXT.currencyUnavailable('usdt'));
  });
});

describe('self-custody: creating a payment', () => {
  it('answers with the admin address and the amount at the rate, pending', async () => {
    const { user, client } = await createMember(app);
    const payment = await buy(client, 'regular', 'xmr');
    expect(payment).toMatchObject({
      payment_status: 'waiting',
      pay_address: XMR_ADDRESS,
      pay_amount: 0.16666667,
      pay_currency: 'xmr',
      price_amount: 25,
      coins: 250,
      network: 'Monero',
      provider: 'self-custody',
      payment_url: `/wallet?payment=${payment.payment_id}`,
    });
    expect((await client.call(api.payment, { params: { paymentId: payment.payment_id } })).json()).toEqual(payment);
    const { client: other } = await createMember(app);
    expect((await other.call(api.payment, { params: { paymentId: payment.payment_id } })).statusCode).toBe(404);
    const [row] = (await client.call(api.transactions)).json().transactions;
    expect(row).toMatchObject({
      status: 'pending',
      transactionType: 'purchase',
      amount: 250,
      walletAddress: XMR_ADDRESS,
    });
    expect(await balanceOf(app, user.id)).toBe(0);
  });

  it('says which field is missing in the spec’s words', async () => {
    const { client } = await createMember(app);
    const cases: [Record<string, unknown>, string][] = [
      [{ currency: 'btc' }, VALIDATION.packageRequired],
      [{ packageId: '', currency: 'btc' }, VALIDATION.packageRequired],
      [{ packageId: 'no-such-package', currency: 'btc' }, VALIDATION.packageRequired],
      [{ packageId: 'standard' }, VALIDATION.currencyRequired],
      [{ packageId: 'standard', currency: 'b' }, VALIDATION.currencyRequired],
      [{ packageId: 'standard', currency: 'bitcoincash1' }, VALIDATION.currencyRequired],
      [{ packageId: 'standard', currency: 'usdt' }, PAYMENT_TEXT.currencyUnavailable('usdt')],
    ];
    for (const [body, message] of cases) {
      const response = await client.call(api.createPayment, { body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ message, code: ErrorCode.Validation });
    }
    expect(await paymentModels(app).Payment.countDocuments({ payCurrency: 'usdt' })).toBe(0);
  });

  it('is for verified members only', async () => {
    const { client: unverified } = await createMember(app, { isEmailVerified: false });
    const body = { packageId: 'standard', currency: 'btc' };
    expect((await unverified.call(api.createPayment, { body })).statusCode).toBe(403);
    const anonymous = await app.inject({
      method: 'POST',
      url: api.createPayment.url,
      payload: body,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('self-custody: staff confirm or reject', () => {
  it('create, pending, staff confirm: credited once and the balance pushed live', async () => {
    const { user, client } = await createMember(app);
    const { client: admin } = await createMember(app, { isAdmin: true });
    const { client: moderator } = await createMember(app, { isModerator: true });
    const memberSocket = await socketOf(client);
    const staffSocket = await socketOf(moderator);
    const queued = new Promise<StaffPayment>((resolve) => staffSocket.once('admin:payment', resolve));

    const payment = await buy(client, 'bulk', 'btc');
    expect((await queued).payment_id).toBe(payment.payment_id);
    const pending = (await moderator.call(api.pendingPayments)).json().payments as StaffPayment[];
    const listed = pending.find((p) => p.payment_id === payment.payment_id);
    expect(listed).toMatchObject({ payment_status: 'waiting', coins: 2750, member: { id: user.id } });

    const balances: number[] = [];
    memberSocket.on('wallet:balance', ({ balance }) => balances.push(balance));
    const pushed = new Promise<{ balance: number }>((resolve) => memberSocket.once('wallet:balance', resolve));
    const updated = new Promise<Payment>((resolve) =>
      memberSocket.on('wallet:payment', (p) => p.payment_status === 'finished' && resolve(p)),
    );
    const hash = 'a'.repeat(64);
    const [first, second] = await Promise.all([
      admin.call(api.confirmPayment, { params: { id: listed?.id }, body: { transactionHash: hash } }),
      moderator.call(api.confirmPayment, { params: { id: listed?.id }, body: { transactionHash: hash } }),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(first.json()).toMatchObject({ payment_status: 'finished', transactionHash: hash });

    expect(await pushed).toEqual({ balance: 2750 });
    expect((await updated).payment_status).toBe('finished');
    expect(await walletModels(app).LedgerEntry.countDocuments({ key: `payment:${payment.payment_id}` })).toBe(1);
    expect(await balanceOf(app, user.id)).toBe(2750);
    expect(balances).toEqual([2750]);

    // A later confirm is answered, not repeated.
    const again = await admin.call(api.confirmPayment, { params: { id: listed?.id }, body: { transactionHash: hash } });
    expect(again.statusCode).toBe(200);
    expect(await balanceOf(app, user.id)).toBe(2750);
    const after = (await admin.call(api.pendingPayments)).json().payments as StaffPayment[];
    expect(after.some((p) => p.payment_id === payment.payment_id)).toBe(false);

    const [row] = (await client.call(api.transactions)).json().transactions;
    expect(row).toMatchObject({
      transactionType: 'purchase',
      entryType: 'coin_purchase',
      status: 'completed',
      amount: 2750,
      balanceAfter: 2750,
      walletAddress: BTC_ADDRESS,
      transactionHash: hash,
      currency: 'btc',
    });
    await expectLedgerReconciles(app);
  });

  it('four eyes: staff cannot decide their own payment, a confirmation needs the hash and is logged (hole 5)', async () => {
    const { user: moderator, client: moderatorClient } = await createMember(app, { isModerator: true });
    const { client: admin } = await createMember(app, { isAdmin: true });
    const own = await buy(moderatorClient, 'bulk', 'btc');
    const id = await idOf(own);
    const hash = 'b'.repeat(64);
    for (const call of [
      moderatorClient.call(api.confirmPayment, { params: { id }, body: { transactionHash: hash } }),
      moderatorClient.call(api.rejectPayment, { params: { id } }),
    ]) {
      const response = await call;
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: ErrorCode.Forbidden, message: PAYMENT_TEXT.ownPayment });
    }
    expect(await balanceOf(app, moderator.id)).toBe(0);

    const withoutHash = await admin.call(api.confirmPayment, { params: { id }, body: {} });
    expect(withoutHash.statusCode).toBe(400);
    expect(await balanceOf(app, moderator.id)).toBe(0);

    const confirmed = await admin.call(api.confirmPayment, { params: { id }, body: { transactionHash: hash } });
    expect(confirmed.statusCode).toBe(200);
    const log = (await admin.call(api.moderationLog, { query: { action: 'payment.confirm' } })).json();
    expect(log.find((entry: { targetId: number }) => entry.targetId === id)).toMatchObject({
      action: 'payment.confirm',
      targetType: 'payment',
      details: { memberId: moderator.id, transactionHash: hash },
    });
  });

  it('reject: failed, nothing credited, and it cannot be confirmed after', async () => {
    const { user, client } = await createMember(app);
    const { client: admin } = await createMember(app, { isAdmin: true });
    const payment = await buy(client, 'starter', 'btc');
    const id = await idOf(payment);
    const rejected = await admin.call(api.rejectPayment, { params: { id } });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().payment_status).toBe('failed');
    expect((await admin.call(api.rejectPayment, { params: { id } })).statusCode).toBe(200);
    const confirm = await admin.call(api.confirmPayment, { params: { id }, body: { transactionHash: HASH } });
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json().message).toBe(PAYMENT_TEXT.alreadyRejected);
    expect(await balanceOf(app, user.id)).toBe(0);
    const [row] = (await client.call(api.transactions)).json().transactions;
    expect(row).toMatchObject({ status: 'failed', amount: 100, transactionType: 'purchase' });
    await expectLedgerReconciles(app);
  });

  it('race: confirm and reject at once decide one outcome', async () => {
    const { user, client } = await createMember(app);
    const { client: admin } = await createMember(app, { isAdmin: true });
    const { client: moderator } = await createMember(app, { isModerator: true });
    const payment = await buy(client, 'starter', 'btc');
    const id = await idOf(payment);
    const [confirm, reject] = await Promise.all([
      admin.call(api.confirmPayment, { params: { id }, body: { transactionHash: HASH } }),
      moderator.call(api.rejectPayment, { params: { id } }),
    ]);
    expect([confirm.statusCode, reject.statusCode].sort()).toEqual([200, 409]);
    const record = await recordOf(payment);
    const credited = await walletModels(app).LedgerEntry.countDocuments({ key: `payment:${payment.payment_id}` });
    if (confirm.statusCode === 200) {
      expect([record?.status, credited, await balanceOf(app, user.id)]).toEqual(['finished', 1, 100]);
    } else {
      expect([record?.status, credited, await balanceOf(app, user.id)]).toEqual(['failed', 0, 0]);
    }
    await expectLedgerReconciles(app);
  });

  it('a confirmed payment cannot be rejected', async () => {
    const { client } = await createMember(app);
    const { client: admin } = await createMember(app, { isAdmin: true });
    const id = await idOf(await buy(client, 'starter', 'btc'));
    await admin.call(api.confirmPayment, { params: { id }, body: { transactionHash: HASH } });
    const reject = await admin.call(api.rejectPayment, { params: { id } });
    expect(reject.statusCode).toBe(409);
    expect(reject.json().message).toBe(PAYMENT_TEXT.alreadyConfirmed);
    await expectLedgerReconciles(app);
  });

  it('only staff may see the queue, confirm or reject', async () => {
    const { user, client } = await createMember(app);
    const payment = await buy(client, 'starter', 'btc');
    const id = await idOf(payment);
    for (const call of [
      client.call(api.pendingPayments),
      client.call(api.confirmPayment, { params: { id }, body: { transactionHash: HASH } }),
      client.call(api.rejectPayment, { params: { id } }),
    ]) {
      expect((await call).statusCode).toBe(403);
    }
    const { client: admin } = await createMember(app, { isAdmin: true });
    expect(
      (await admin.call(api.confirmPayment, { params: { id: 999_999 }, body: { transactionHash: HASH } })).statusCode,
    ).toBe(404);
    const badHash = await admin.call(api.confirmPayment, { params: { id }, body: { transactionHash: 'abc' } });
    expect(badHash.statusCode).toBe(400);
    expect(badHash.json().message).toBe(PAYMENT_TEXT.transactionHashInvalid);
    expect(await balanceOf(app, user.id)).toBe(0);
    expect((await recordOf(payment))?.status).toBe('waiting');
  });

  it('takes no NOWPayments callbacks: no secret, no signature can pass', async () => {
    const response = await app.inject({
      method: 'POST',
      url: api.paymentNotification.url,
      headers: { 'content-type': 'application/json', 'x-nowpayments-sig': 'ab'.repeat(64) },
      payload: { payment_id: 1, payment_status: 'finished' },
    });
    expect(response.statusCode).toBe(401);
  });
});
