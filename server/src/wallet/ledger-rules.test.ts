import { ErrorCode } from '@enclave/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { type DomainEventMap, DomainEvents } from '../realtime/domain-events.ts';
import { type TestContext, testContext } from '../test/context.ts';
import {
  balanceOf,
  completeSale,
  ledgerMove,
  type Movement,
  move,
  movementByKey,
  pay,
  refund,
  sellerCredit,
  type WalletContext,
} from './ledger.ts';
import { escrowAccount } from './ledger-keys.ts';
import type { EntryType, LedgerEntry } from './ledger-model.ts';
import { walletModels } from './models.ts';

// The money rules by themselves: the wallet's collections on a database of this file's own, a real DomainEvents,
// and no app, no HTTP server.
let storage: TestContext;

beforeAll(async () => {
  storage = await testContext([walletModels]);
});

/** The wallet's context with events of its own, and what the rules published on them. */
function wallet() {
  const events = new DomainEvents();
  const published = { balances: [] as DomainEventMap['wallet.balance'][], moved: [] as LedgerEntry[] };
  events.on('wallet.balance', (payload) => published.balances.push(payload));
  events.on('coins.moved', ({ entry }) => published.moved.push(entry));
  const context: WalletContext = { ...storage, events };
  return { context, published };
}

/** A member's account no other test touches (the database is shared by the file's tests). */
let lastAccount = 1000;
const newAccount = () => ++lastAccount;

const grant = (context: WalletContext, account: number, amount: number) =>
  move(context, { account, amount, key: `grant:${account}:${amount}:${Math.random()}`, type: 'admin_grant' });

const spend = (account: number, amount: number, key: string, type: EntryType = 'unlock'): Movement => ({
  account,
  amount: -amount,
  key,
  type,
});

const refusal = (error: unknown) => error as { statusCode?: number; code?: string; details?: unknown };

/** A kind's sweep, with the wallet's context: its finish needs no more. */
const sweep = (intent: typeof sellerCredit | typeof ledgerMove, context: WalletContext) => intent.sweep(context);

/** The account's entries as stored, in order. */
const chainOf = (account: number) =>
  walletModels(storage).LedgerEntry.find({ account }).sort({ seq: 1 }).lean<LedgerEntry[]>();

/** An account's ledger reconciles: entries 1..n with no gap, each balance the running sum, never below zero. */
async function expectReconciles(account: number) {
  const chain = await chainOf(account);
  let sum = 0;
  chain.forEach((entry, index) => {
    sum += entry.amount;
    expect(entry.seq, `account ${account} seq`).toBe(index + 1);
    expect(entry.balanceAfter, `account ${account} balance after seq ${entry.seq}`).toBe(sum);
    expect(entry.balanceAfter).toBeGreaterThanOrEqual(0);
  });
  expect(await balanceOf(storage, account)).toBe(sum);
  return chain;
}

describe('the wallet’s money rules', () => {
  it('a credit and a debit move the balance, each recorded once under its key', async () => {
    const { context } = wallet();
    const account = newAccount();
    expect(await balanceOf(context, account)).toBe(0);
    await move(context, { account, amount: 100, key: `bought:${account}`, type: 'coin_purchase' });
    const debit = await move(context, spend(account, 30, `unlock:${account}:7`));
    expect(debit).toMatchObject({ replayed: false, entry: { account, amount: -30, balanceAfter: 70, seq: 2 } });
    expect(await balanceOf(context, account)).toBe(70);

    // The same keys again, one after the other and then many at once: answered with the entry, not moved again.
    const again = await move(context, spend(account, 30, `unlock:${account}:7`));
    expect(again).toEqual({ replayed: true, entry: debit.entry });
    const credits = await Promise.all(
      Array.from({ length: 10 }, () =>
        move(context, { account, amount: 100, key: `bought:${account}`, type: 'coin_purchase' }),
      ),
    );
    expect(credits.every((result) => result.replayed)).toBe(true);
    expect(await balanceOf(context, account)).toBe(70);
    expect(await movementByKey(context, `unlock:${account}:7`)).toEqual(debit.entry);
    expect(await walletModels(storage).LedgerEntry.countDocuments({ key: `unlock:${account}:7` })).toBe(1);
    expect(await walletModels(storage).LedgerEntry.countDocuments({ key: `bought:${account}` })).toBe(1);
    await expectReconciles(account);
  });

  it('refuses a spend beyond the balance, and the refusal writes nothing', async () => {
    const { context, published } = wallet();
    const account = newAccount();
    await grant(context, account, 10);
    published.balances.length = 0;
    published.moved.length = 0;

    const error = await move(context, spend(account, 11, `unlock:${account}:8`)).catch((e: unknown) => e);
    expect(refusal(error)).toMatchObject({
      statusCode: 402,
      code: ErrorCode.InsufficientCoins,
      details: { needed: 11, balance: 10 },
    });
    expect(await balanceOf(context, account)).toBe(10);
    expect(await chainOf(account)).toHaveLength(1);
    // No entry, no pointer, nothing left under way: the key never moved, and may move once the coins are there.
    expect(await movementByKey(context, `unlock:${account}:8`)).toBeNull();
    expect(await walletModels(storage).LedgerKey.exists({ _id: `unlock:${account}:8` })).toBeNull();
    expect(await ledgerMove.pending(context, `unlock:${account}:8`)).toBeNull();
    expect(published).toEqual({ balances: [], moved: [] });

    await grant(context, account, 1);
    expect((await move(context, spend(account, 11, `unlock:${account}:8`))).entry.balanceAfter).toBe(0);
  });

  it('race: 20 spends at once on a balance for 7 let exactly 7 through, none below zero, and the ledger reconciles', async () => {
    const { context, published } = wallet();
    const account = newAccount();
    await grant(context, account, 70);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => move(context, spend(account, 10, `unlock:${account}:${i}`))),
    );
    const through = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(through).toHaveLength(7);
    expect(refused).toHaveLength(13);
    for (const r of refused) expect(refusal(r.reason).code).toBe(ErrorCode.InsufficientCoins);
    expect(await balanceOf(context, account)).toBe(0);

    const chain = await expectReconciles(account);
    expect(chain.map((entry) => entry.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    // The spends that went through are the ones recorded, each once; the refused ones left no entry.
    const spent = through.map((r) => r.value.entry.key).sort();
    expect(
      chain
        .slice(1)
        .map((entry) => entry.key)
        .sort(),
    ).toEqual(spent);
    // One balance told per movement, the last being 0.
    expect(published.balances.map((b) => b.balance).sort((a, b) => a - b)).toEqual([0, 10, 20, 30, 40, 50, 60, 70]);
  });

  it('a sale debits the buyer and credits the seller exactly once, however often it is paid', async () => {
    const { context } = wallet();
    const [buyer, seller] = [newAccount(), newAccount()];
    await grant(context, buyer, 100);
    const sale = { buyer, seller, amount: 40, key: `premium:${buyer}:5`, type: 'premium_purchase' as const };
    const paid = await Promise.all(Array.from({ length: 5 }, () => pay(context, { ...sale, reference: 'thread:5' })));
    expect(paid.filter((result) => !result.replayed)).toHaveLength(1);
    expect(await balanceOf(context, buyer)).toBe(60);
    expect(await balanceOf(context, seller)).toBe(40);
    expect(await movementByKey(context, `sale:premium:${buyer}:5`)).toMatchObject({
      account: seller,
      amount: 40,
      type: 'sale',
      reference: 'thread:5',
    });
    expect(await sellerCredit.pending(context, sale.key)).toBeNull();
    await expectReconciles(buyer);
    await expectReconciles(seller);
  });

  it('a sale a crash left uncredited is credited by the intent sweep, once', async () => {
    const { context } = wallet();
    const [buyer, seller] = [newAccount(), newAccount()];
    await grant(context, buyer, 100);
    // The debit owed to the seller (its `sellerCredit` begun before it), then a crash before the credit.
    const key = `unlock:${buyer}:6`;
    await move(context, { ...spend(buyer, 15, key), reference: 'thread:6', creditTo: seller });
    expect(await balanceOf(context, seller)).toBe(0);
    expect(await sellerCredit.pending(context, key)).not.toBeNull();

    // The sweep at start and a retry of the purchase, at once: the seller is credited once.
    const [swept] = await Promise.all([
      sweep(sellerCredit, context),
      pay(context, { buyer, seller, amount: 15, key, type: 'unlock', reference: 'thread:6' }),
    ]);
    expect(swept).toBeLessThanOrEqual(1);
    expect(await sweep(sellerCredit, context)).toBe(0);
    expect(await sellerCredit.pending(context, key)).toBeNull();
    expect(await balanceOf(context, seller)).toBe(15);
    expect(await balanceOf(context, buyer)).toBe(85);

    // Left again, with nothing else at work: the sweep alone credits it.
    const other = `unlock:${buyer}:7`;
    await move(context, { ...spend(buyer, 5, other), reference: 'thread:7', creditTo: seller });
    expect(await sweep(sellerCredit, context)).toBe(1);
    expect(await balanceOf(context, seller)).toBe(20);
    expect(await sweep(sellerCredit, context)).toBe(0);
    expect(await balanceOf(context, seller)).toBe(20);
    expect(await walletModels(storage).LedgerEntry.countDocuments({ key: `sale:${other}` })).toBe(1);
    await expectReconciles(buyer);
    await expectReconciles(seller);
  });

  it('a sale credited before a crash lost its intent’s end, or refunded, is not credited again by the sweep', async () => {
    const { context } = wallet();
    const [buyer, seller] = [newAccount(), newAccount()];
    await grant(context, buyer, 100);
    // Credited; then its intent is left as a crash before its removal would leave it.
    const credited = `unlock:${buyer}:8`;
    await pay(context, { buyer, seller, amount: 10, key: credited, type: 'unlock', reference: 'thread:8' });
    expect(await sellerCredit.begin(context, credited, { key: credited, since: Date.now() })).toBe(true);
    // A place lost after paying: given back before any credit, then a crash before its intent went.
    const lost = `groupbuy:${buyer}:9`;
    const debit = await move(context, { ...spend(buyer, 25, lost, 'group_buy'), creditTo: escrowAccount(9) });
    await refund(context, debit.entry);
    expect(await sellerCredit.begin(context, lost, { key: lost, since: Date.now() })).toBe(true);

    expect(await sweep(sellerCredit, context)).toBe(2);
    expect(await balanceOf(context, seller)).toBe(10);
    expect(await balanceOf(context, escrowAccount(9))).toBe(0);
    expect(await balanceOf(context, buyer)).toBe(90);
    // A late completion of the credited sale (a retried request) credits nothing again.
    await completeSale(context, (await movementByKey(context, credited)) as LedgerEntry);
    expect(await balanceOf(context, seller)).toBe(10);
    await expectReconciles(buyer);
    await expectReconciles(seller);
  });

  it('publishes each movement once, with its entry and the member’s new balance; nothing for an escrow', async () => {
    const { context, published } = wallet();
    const [buyer, seller] = [newAccount(), newAccount()];
    await grant(context, buyer, 50);
    await pay(context, {
      buyer,
      seller,
      amount: 20,
      key: `unlock:${buyer}:10`,
      type: 'unlock',
      reference: 'thread:10',
    });
    await pay(context, {
      buyer,
      seller,
      amount: 20,
      key: `unlock:${buyer}:10`,
      type: 'unlock',
      reference: 'thread:10',
    });
    await move(context, spend(buyer, 999, `unlock:${buyer}:11`)).catch(() => null);
    // Into a group buy's escrow: the buyer is told, the escrow is nobody's to tell.
    await move(context, { ...spend(buyer, 5, `groupbuy:${buyer}:12`, 'group_buy'), creditTo: escrowAccount(12) });
    await completeSale(context, (await movementByKey(context, `groupbuy:${buyer}:12`)) as LedgerEntry);
    expect(await balanceOf(context, escrowAccount(12))).toBe(5);

    expect(published.balances).toEqual([
      { userId: buyer, balance: 50 },
      { userId: buyer, balance: 30 },
      { userId: seller, balance: 20 },
      { userId: buyer, balance: 25 },
    ]);
    expect(
      published.moved.map(({ account, amount, balanceAfter, type }) => ({ account, amount, balanceAfter, type })),
    ).toEqual([
      { account: buyer, amount: 50, balanceAfter: 50, type: 'admin_grant' },
      { account: buyer, amount: -20, balanceAfter: 30, type: 'unlock' },
      { account: seller, amount: 20, balanceAfter: 20, type: 'sale' },
      { account: buyer, amount: -5, balanceAfter: 25, type: 'group_buy' },
    ]);
    // What is published is what is stored.
    const stored = [...(await chainOf(buyer)), ...(await chainOf(seller))];
    for (const entry of published.moved)
      expect(stored.find((s) => s.key === entry.key)).toMatchObject({
        seq: entry.seq,
        balanceAfter: entry.balanceAfter,
      });
  });
});
