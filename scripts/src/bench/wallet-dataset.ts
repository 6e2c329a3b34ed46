import { internalId } from '@enclave/server/db/ids.ts';
import type { mongo } from 'mongoose';
import { ADMIN, authorOf, type DatasetSize, insertInChunks, isPremiumThread, type Raw, READER } from './dataset.ts';

const OPENING_COINS = 1000;
const PREMIUM_COST = 5;
/** Every tenth member bought their coins (a payment and its outcome); the others were granted them. */
const boughtCoins = (member: number) => member % 10 === READER % 10;
/** The reader buys the first 100 premium threads; two other members buy each one. */
const READER_PURCHASES = 100;
const PENDING_PAYMENTS = 5;

/** Ledger chains that reconcile: contiguous `seq` per account from 1, each `balanceAfter` the running sum. */
class Ledger {
  readonly entries: Raw[] = [];
  private readonly heads = new Map<number, { seq: number; balance: number }>();

  move(
    account: number,
    amount: number,
    key: string,
    type: string,
    reference: string | null,
    creditTo = null as number | null,
  ) {
    const head = this.heads.get(account) ?? { seq: 0, balance: 0 };
    const next = { seq: head.seq + 1, balance: head.balance + amount };
    if (next.balance < 0) throw new Error(`bench ledger: account ${account} would go below 0`);
    this.heads.set(account, next);
    const createdAt = new Date(Date.now() - 86_400_000 + this.entries.length);
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

function payment(id: number, member: number, status: 'finished' | 'waiting'): Raw {
  const at = new Date(Date.now() - 2 * 86_400_000 + id);
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
    __v: 0,
  };
}

/**
 * Every member's opening coins (a coin purchase with its payment, or an admin grant), premium
 * purchases with the seller's `sale` credit and the buyer's entitlement, and a few payments awaiting staff.
 */
export async function writeWallets(db: mongo.Db, size: DatasetSize): Promise<void> {
  const ledger = new Ledger();
  const payments: Raw[] = [];
  const outcomes: Raw[] = [];
  for (let member = 1; member <= size.members; member++) {
    if (!boughtCoins(member)) {
      ledger.move(member, OPENING_COINS, `bench:grant:${member}`, 'admin_grant', `grant:${member}`);
      continue;
    }
    const bought = payment(payments.length + 1, member, 'finished');
    payments.push(bought);
    outcomes.push({
      paymentId: bought.paymentId,
      outcome: 'finished',
      decidedBy: ADMIN,
      transactionHash: null,
      createdAt: bought.decidedAt,
    });
    ledger.move(member, OPENING_COINS, `payment:${bought.paymentId}`, 'coin_purchase', `payment:${bought.paymentId}`);
  }
  for (let i = 0; i < PENDING_PAYMENTS; i++) payments.push(payment(payments.length + 1, 3 + i, 'waiting'));

  const entitlements: Raw[] = [];
  let sold = 0;
  for (let thread = 1; thread <= size.threads; thread++) {
    if (!isPremiumThread(thread)) continue;
    const seller = authorOf(thread, size);
    const buyers = new Set([((thread * 3 + 7) % size.members) + 1, ((thread * 3 + 14) % size.members) + 1]);
    if (sold++ < READER_PURCHASES) buyers.add(READER);
    buyers.delete(seller);
    for (const buyer of buyers) {
      const key = `premium:${buyer}:${thread}`;
      ledger.move(buyer, -PREMIUM_COST, key, 'premium_purchase', `thread:${thread}`, seller);
      ledger.move(seller, PREMIUM_COST, `sale:${key}`, 'sale', `thread:${thread}`);
      entitlements.push({ threadId: thread, userId: buyer, kind: 'purchase', createdAt: new Date() });
    }
  }
  const insertAll = (name: string, docs: Raw[]) =>
    insertInChunks(
      docs.length,
      (chunk) => db.collection<Raw>(name).insertMany(chunk),
      (i) => docs[i] as Raw,
    );
  await insertAll('ledgerentries', ledger.entries);
  await insertAll('payments', payments);
  await insertAll('paymentoutcomes', outcomes);
  await insertAll('entitlements', entitlements);
}
