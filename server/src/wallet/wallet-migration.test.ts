import { api, type Transaction } from '@enclave/protocol';
import { Types } from 'mongoose';
import { describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { internalId } from '../db/ids.ts';
import { MIGRATIONS } from '../db/migration-list.ts';
import { runMigrations } from '../db/migrations.ts';
import { findOwnPayment, pendingPayments } from '../payments/service.ts';
import { walletSettingOf, walletSettingsMap } from '../payments/wallet-settings.ts';
import { createTestApp } from '../test/app.ts';
import { TestClient } from '../test/client.ts';
import { createMember } from '../test/factories.ts';
import { expectLedgerReconciles } from '../test/reconcile.ts';
import { scansDuring } from '../test/scans.ts';
import type { UserRecord } from '../users/user-model.ts';
import { balanceOf, ledgerStats, movementByKey } from './ledger.ts';
import { walletByKey } from './wallet-migration.ts';

const BTC = '1BitcoinEaterAddressDontSendf59kuE';
const at = (minute: number) => new Date(Date.UTC(2025, 5, 1, 12, minute));

/** The wallet as it was stored before it was read by key: ObjectIds, found by filters. */
async function writeTodaysLayout(app: App, buyer: UserRecord, seller: UserRecord) {
  const entry = (account: number, seq: number, amount: number, balanceAfter: number, more: object) => ({
    _id: new Types.ObjectId(),
    account,
    seq,
    amount,
    balanceAfter,
    reference: null,
    creditTo: null,
    ...more,
  });
  await app.models.LedgerEntry.collection.insertMany([
    entry(buyer.id, 1, 100, 100, { key: `grant:${buyer.id}`, type: 'admin_grant', createdAt: at(1) }),
    entry(buyer.id, 2, 250, 350, {
      key: 'payment:np-1',
      type: 'coin_purchase',
      reference: 'payment:np-1',
      createdAt: at(2),
    }),
    entry(buyer.id, 3, -30, 320, {
      key: `unlock:${buyer.id}:7`,
      type: 'unlock',
      reference: 'thread:7',
      creditTo: seller.id,
      createdAt: at(3),
    }),
    entry(seller.id, 1, 30, 30, {
      key: `sale:unlock:${buyer.id}:7`,
      type: 'sale',
      reference: 'thread:7',
      createdAt: at(3),
    }),
    // Debited just before a crash: its seller's credit never happened.
    entry(buyer.id, 4, -20, 300, {
      key: `premium:${buyer.id}:8`,
      type: 'premium_purchase',
      reference: 'thread:8',
      creditTo: seller.id,
      createdAt: at(4),
    }),
  ] as never[]);
  const payment = (id: number, paymentId: string, status: string, minute: number) => ({
    _id: internalId(id),
    id,
    paymentId,
    orderId: `enclave-order-${id}`,
    provider: paymentId.startsWith('sc-') ? 'self-custody' : 'nowpayments',
    userId: buyer.id,
    packageId: 'starter',
    coins: 250,
    priceAmount: 5,
    payCurrency: 'btc',
    payAmount: 0.0001,
    payAddress: BTC,
    network: 'Bitcoin',
    status,
    actuallyPaid: null,
    transactionHash: null,
    decidedBy: null,
    decidedAt: null,
    createdAt: at(minute),
    updatedAt: at(minute),
  });
  await app.models.Payment.collection.insertMany([
    payment(1, 'np-1', 'finished', 2),
    payment(2, 'sc-failed', 'failed', 5),
    payment(3, 'sc-waiting', 'waiting', 6),
  ] as never[]);
  await app.models.PaymentOutcome.collection.insertMany([
    {
      _id: new Types.ObjectId(),
      paymentId: 'np-1',
      outcome: 'finished',
      decidedBy: null,
      transactionHash: null,
      createdAt: at(2),
    },
    {
      _id: new Types.ObjectId(),
      paymentId: 'sc-failed',
      outcome: 'failed',
      decidedBy: 1,
      transactionHash: null,
      createdAt: at(5),
    },
  ] as never[]);
  await app.models.WalletSetting.collection.insertOne({
    _id: new Types.ObjectId(),
    id: 1,
    currency: 'btc',
    name: 'Bitcoin',
    symbol: 'BTC',
    network: 'Bitcoin',
    address: BTC,
    usdRate: 50_000,
    updatedBy: null,
    createdAt: at(0),
    updatedAt: at(0),
  } as never);
  await app.models.Migration.deleteOne({ _id: walletByKey.name });
}

const kinds = (rows: Transaction[]) => rows.map((row) => `${row.entryType}/${row.status}/${row.amount}`);

async function counts(app: App) {
  const { LedgerEntry, LedgerKey, Movement, UnfinishedSale, PaymentItem, PaymentKey, OpenPayment, PaymentOutcome } =
    app.models;
  return Promise.all(
    [LedgerEntry, LedgerKey, Movement, UnfinishedSale, PaymentItem, PaymentKey, OpenPayment, PaymentOutcome].map(
      (model) => (model as unknown as { countDocuments(): Promise<number> }).countDocuments(),
    ),
  );
}

describe('the wallet migration', () => {
  it('converts a ledger, payments, outcomes and settings in today’s layout, and runs again to the same', async () => {
    const seeder = await createTestApp();
    const { user: buyer, client } = await createMember(seeder);
    const { user: seller } = await createMember(seeder);
    await writeTodaysLayout(seeder, buyer, seller);

    // The next start converts it, then its sweep completes the sale the crash left.
    const app = await createTestApp({}, seeder.config.database);
    await app.ready();
    expect(await balanceOf(app, buyer.id)).toBe(300);
    expect(await balanceOf(app, seller.id)).toBe(50);
    expect(await app.models.LedgerEntry.countDocuments({ _id: { $type: 'objectId' } })).toBe(0);
    await expectLedgerReconciles(app);

    const member = new TestClient(app);
    member.cookie = client.cookie;
    const history = (await member.call(api.transactions)).json().transactions as Transaction[];
    expect(kinds(history)).toEqual([
      'coin_purchase/pending/250',
      'coin_purchase/failed/250',
      'premium_purchase/completed/-20',
      'unlock/completed/-30',
      'coin_purchase/completed/250',
      'admin_grant/completed/100',
    ]);
    expect(history[4]).toMatchObject({ walletAddress: BTC, balanceAfter: 350 });

    const scans = await scansDuring(app, async () => {
      expect(await movementByKey(app, `unlock:${buyer.id}:7`)).toMatchObject({ amount: -30, seq: 3 });
      expect(await ledgerStats(app, null)).toEqual({ totalTransactions: 4, totalCoins: 250 });
      expect(await ledgerStats(app, at(3))).toEqual({ totalTransactions: 2, totalCoins: 0 });
      expect((await findOwnPayment(app, buyer, 'np-1')).id).toBe(1);
      expect(await walletSettingOf(app, 'btc')).toMatchObject({ address: BTC, usdRate: 50_000 });
    });
    expect(scans).toEqual([]);
    expect((await walletSettingsMap(app)).btc).toMatchObject({ address: BTC, usdRate: 50_000 });
    expect((await pendingPayments(app)).map((payment) => payment.paymentId)).toEqual(['sc-waiting']);
    expect((await app.models.User.findById(internalId(buyer.id)).lean())?.coinBalance).toBe(300);

    // Idempotent: run again, the same documents; a start on converted data reads nothing but its mark.
    const before = await counts(app);
    await walletByKey.run(app, () => undefined);
    expect(await counts(app)).toEqual(before);
    expect(await balanceOf(app, seller.id)).toBe(50);
    expect(await scansDuring(app, () => runMigrations(app, MIGRATIONS))).toEqual([]);
  });

  it('refuses a ledger whose chain does not add up', async () => {
    const app = await createTestApp();
    const { user } = await createMember(app);
    await app.models.LedgerEntry.collection.insertMany([
      { account: user.id, seq: 1, amount: 10, balanceAfter: 10, key: 'a', type: 'admin_grant', createdAt: at(1) },
      { account: user.id, seq: 3, amount: 10, balanceAfter: 20, key: 'b', type: 'admin_grant', createdAt: at(2) },
    ] as never[]);
    await expect(walletByKey.run(app, () => undefined)).rejects.toThrow(/expected entry 2/);
  });
});
