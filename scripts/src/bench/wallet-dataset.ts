import { listedWithPointers, paymentItems, paymentPointersMigration } from '@enclave/server/payments/payment-keys.ts';
import { type PaymentRecord, paymentList } from '@enclave/server/payments/payment-model.ts';
import { paymentCreditKey } from '@enclave/server/payments/settlement.ts';
import { importList, internalId, markMigrated } from '@enclave/server/storage/index.ts';
import { type HeldThread, holdingKey, holdingsList } from '@enclave/server/threads/holding-model.ts';
import { ledgerByTypeList, ledgerByTypeMigration } from '@enclave/server/wallet/ledger-by-type.ts';
import { ledgerKeys, ledgerList, threadReference } from '@enclave/server/wallet/ledger-keys.ts';
import {
  creditKey,
  type EntryType,
  isCreditSide,
  type LedgerEntry,
  type LedgerItem,
  MOVEMENTS,
  type MovementItem,
} from '@enclave/server/wallet/ledger-model.ts';
import { transactionTypeOf } from '@enclave/server/wallet/presenter.ts';
import type { Model } from 'mongoose';
import {
  ADMIN,
  authorOf,
  type Dataset,
  type DatasetSize,
  groupBy,
  inChunks,
  isPremiumThread,
  READER,
} from './dataset.ts';
import type { Storage } from './storage.ts';

const OPENING_COINS = 1000;
const PREMIUM_COST = 5;
/** Every tenth member bought their coins (a payment and its outcome); the others were granted them. */
const boughtCoins = (member: number) => member % 10 === READER % 10;
/** The reader buys the first 100 premium threads; two other members buy each one. */
const READER_PURCHASES = 100;
const PENDING_PAYMENTS = 5;
const DAY = 86_400_000;

type Payment = Omit<PaymentRecord, 'createdAt' | 'updatedAt'> & { _id: unknown; createdAt: Date; updatedAt: Date };

/** Ledger chains that reconcile: contiguous `seq` per account from 1, each `balanceAfter` the running sum. */
class Ledger {
  readonly entries: LedgerEntry[] = [];
  readonly heads = new Map<number, { seq: number; balance: number }>();

  constructor(private readonly now: number) {}

  move(account: number, amount: number, key: string, type: EntryType, reference: string, creditTo: number | null) {
    const head = this.heads.get(account) ?? { seq: 0, balance: 0 };
    const next = { seq: head.seq + 1, balance: head.balance + amount };
    if (next.balance < 0) throw new Error(`bench ledger: account ${account} would go below 0`);
    this.heads.set(account, next);
    const createdAt = new Date(this.now - DAY + this.entries.length);
    this.entries.push({
      account,
      seq: next.seq,
      amount,
      balanceAfter: next.balance,
      key,
      type,
      reference,
      creditTo,
      createdAt,
    });
  }
}

function payment(id: number, member: number, status: 'finished' | 'waiting', now: number): Payment {
  const at = new Date(now - 2 * DAY + id);
  return {
    _id: internalId(id),
    id,
    paymentId: `bench-${id}`,
    orderId: `bench-order-${id}`,
    provider: 'self-custody',
    userId: member,
    packageId: 'standard',
    coins: OPENING_COINS,
    priceAmount: 100,
    payCurrency: 'usdttrc20',
    payAmount: 100,
    payAddress: 'bench-address',
    network: 'trc20',
    status,
    actuallyPaid: status === 'finished' ? 100 : null,
    transactionHash: null,
    decidedBy: status === 'finished' ? ADMIN : null,
    decidedAt: status === 'finished' ? at : null,
    createdAt: at,
    updatedAt: at,
  };
}

/** Two members (besides the reader, for the first 100) bought each premium thread. */
export const premiumBuyers = (thread: number, size: DatasetSize) =>
  new Set([((thread * 3 + 7) % size.members) + 1, ((thread * 3 + 14) % size.members) + 1]);

/**
 * Every member's opening coins (a coin purchase with its payment, or an admin grant), premium purchases with the
 * seller's `sale` credit and the buyer's entitlement, and a few payments awaiting staff. Small at every size (some
 * 13,000 entries at L), so planned whole: the members are written with their balances from it.
 */
export function planWallets(data: Dataset) {
  const { size } = data;
  const now = data.now.getTime();
  const ledger = new Ledger(now);
  const payments: Payment[] = [];
  for (let member = 1; member <= size.members; member++) {
    if (!boughtCoins(member)) {
      ledger.move(member, OPENING_COINS, `bench:grant:${member}`, 'admin_grant', `grant:${member}`, null);
      continue;
    }
    const bought = payment(payments.length + 1, member, 'finished', now);
    payments.push(bought);
    const key = paymentCreditKey(bought.paymentId);
    ledger.move(member, OPENING_COINS, key, 'coin_purchase', key, null);
  }
  for (let i = 0; i < PENDING_PAYMENTS; i++) payments.push(payment(payments.length + 1, 3 + i, 'waiting', now));

  const purchases: { threadId: number; userId: number }[] = [];
  let sold = 0;
  for (let thread = 1; thread <= size.threads; thread++) {
    if (!isPremiumThread(thread)) continue;
    const seller = authorOf(thread, size);
    const buyers = premiumBuyers(thread, size);
    if (sold++ < READER_PURCHASES) buyers.add(READER);
    buyers.delete(seller);
    for (const buyer of buyers) {
      const key = ledgerKeys.premium(buyer, thread);
      ledger.move(buyer, -PREMIUM_COST, key, 'premium_purchase', threadReference(thread), seller);
      ledger.move(seller, PREMIUM_COST, creditKey(key), 'sale', threadReference(thread), null);
      purchases.push({ threadId: thread, userId: buyer });
    }
  }
  const balanceOf = (account: number) => ledger.heads.get(account)?.balance ?? 0;
  return { now: data.now, entries: ledger.entries, heads: ledger.heads, balanceOf, payments, purchases };
}
export type WalletPlan = ReturnType<typeof planWallets>;

/**
 * The wallet as the app writes it: each account's ledger as its keyed list, every movement's pointer, the movements
 * list with its running totals; payments with their pointers, their members' lists, outcomes and the staff queue's
 * markers; entitlements under their keys and each buyer's holdings list.
 */
export async function writeWallets(storage: Storage, plan: WalletPlan): Promise<void> {
  const { app, models, lists } = storage;
  const { payments, purchases, now } = plan;
  // A coin purchase carries its payment's receipt, as the app writes it.
  const receipts = new Map(
    payments.map((p) => [paymentCreditKey(p.paymentId), { payAddress: p.payAddress, payCurrency: p.payCurrency }]),
  );
  const entries = plan.entries.map((entry) => ({ ...entry, receipt: receipts.get(entry.reference ?? '') ?? null }));
  const Ledger = models.LedgerEntry as unknown as Model<LedgerItem>;
  await Promise.all(
    [...groupBy(entries, (entry) => entry.account)].map(([account, chain]) =>
      lists.add(() => importList(app, Ledger, ledgerList(account), chain)),
    ),
  );
  // Each member's entries by the history's type, as the ledger lists them; the conversion that lists older ledgers
  // so has nothing to do.
  const members = entries.filter((entry) => entry.account > 0);
  await Promise.all(
    [...groupBy(members, (e) => ledgerByTypeList(e.account, transactionTypeOf(e.type)))].map(([list, own]) =>
      lists.add(() => importList(app, models.LedgerByType as unknown as Model<LedgerItem>, list, own)),
    ),
  );
  await markMigrated(app, [ledgerByTypeMigration.name, paymentPointersMigration.name]);
  await inChunks(
    entries.length,
    (i) => ({ _id: entries[i]?.key, entry: entries[i] }),
    (keys) => models.LedgerKey.insertMany(keys),
  );
  // A sale's seller side is not a movement of its own; every sale here has its credit, so none is left unfinished.
  let coinsSold = 0;
  const movements = entries
    .filter((entry) => !isCreditSide(entry))
    .map((entry) => {
      coinsSold += entry.type === 'coin_purchase' ? entry.amount : 0;
      return { key: entry.key, createdAt: entry.createdAt, coinsSold };
    });
  await importList(app, models.Movement as unknown as Model<MovementItem>, MOVEMENTS, movements);

  await models.Payment.insertMany(payments);
  await Promise.all(
    [...groupBy(payments, (p) => p.userId)].map(([userId, own]) =>
      lists.add(() => importList(app, paymentItems(app), paymentList(userId), listedWithPointers(own))),
    ),
  );
  await models.PaymentKey.insertMany(payments.map(({ paymentId, id }) => ({ _id: paymentId, id })));
  await models.PaymentOutcome.insertMany(
    payments
      .filter((p) => p.status === 'finished')
      .map((p) => ({
        _id: p.paymentId,
        paymentId: p.paymentId,
        outcome: 'finished',
        decidedBy: p.decidedBy,
        transactionHash: null,
        createdAt: p.decidedAt,
      })),
  );
  await models.OpenPayment.insertMany(
    payments.filter((p) => p.status === 'waiting').map((p) => ({ _id: p.paymentId, createdAt: p.createdAt })),
  );

  await models.Holding.insertMany(
    purchases.map(({ threadId, userId }) => ({
      _id: holdingKey(threadId, userId, 'purchase'),
      threadId,
      userId,
      kind: 'purchase',
      createdAt: now,
    })),
  );
  await Promise.all(
    [...groupBy(purchases, (p) => p.userId)].map(([userId, held]) =>
      lists.add(() =>
        importList<HeldThread>(
          app,
          models.HeldThread,
          holdingsList(userId),
          held.map(({ threadId }) => ({ threadId, kind: 'purchase', createdAt: now })),
        ),
      ),
    ),
  );
}
