import { describe, expect, it } from 'vitest';
import { importList } from '../storage/index.ts';
import { createTestApp } from '../test/app.ts';
import { balanceOf, sellerCredit } from './ledger.ts';
import { ledgerList } from './ledger-keys.ts';
import type { LedgerEntry } from './ledger-model.ts';
import { walletModels } from './models.ts';

const BUYERS = 100;
const PURCHASES_EACH = 10;
const SELLERS = 10;
const PRICE = 10;
/**
 * The last sales of each seller are missing, as a crash between a debit and its credit leaves them (with the
 * debit's `sellerCredit` intent). As many credited sales keep their intent, as a crash before its removal leaves it:
 * the sweep must tell the credited from the owed.
 */
const MISSING_PER_SELLER = 1;

/**
 * The start-up sweep that completes seller credits once asked the ledger about each purchase ever made: past
 * about 150 purchases start-up ran over Fastify's 10 s onReady limit and the server never started.
 */
describe('the start-up sweep of seller credits', () => {
  it('starts with 1,000 purchases in the ledger and completes each missing credit exactly once', async () => {
    const seeder = await createTestApp();
    const now = new Date();
    const entries: LedgerEntry[] = [];
    const sellerSeq = new Map<number, number>();
    const sellerBalance = new Map<number, number>();
    let missing = 0;
    const unfinished: string[] = [];
    const credited: string[] = [];
    for (let buyer = 1; buyer <= BUYERS; buyer++) {
      const account = 1000 + buyer;
      entries.push({
        account,
        seq: 1,
        amount: PRICE * PURCHASES_EACH,
        balanceAfter: PRICE * PURCHASES_EACH,
        key: `grant:${account}`,
        type: 'admin_grant',
        reference: null,
        creditTo: null,
        createdAt: now,
      });
      for (let n = 1; n <= PURCHASES_EACH; n++) {
        const seller = 1 + ((buyer * PURCHASES_EACH + n) % SELLERS);
        const key = `premium:${account}:${n}`;
        entries.push({
          account,
          seq: n + 1,
          amount: -PRICE,
          balanceAfter: PRICE * (PURCHASES_EACH - n),
          key,
          type: 'premium_purchase',
          reference: `thread:${n}`,
          creditTo: seller,
          createdAt: now,
        });
        const seq = (sellerSeq.get(seller) ?? 0) + 1;
        const owed = (BUYERS * PURCHASES_EACH) / SELLERS;
        if (seq > owed - MISSING_PER_SELLER) {
          missing += 1;
          unfinished.push(key);
          continue;
        }
        if (seq === 1) credited.push(key);
        sellerSeq.set(seller, seq);
        sellerBalance.set(seller, (sellerBalance.get(seller) ?? 0) + PRICE);
        entries.push({
          account: seller,
          seq,
          amount: PRICE,
          balanceAfter: sellerBalance.get(seller) as number,
          key: `sale:${key}`,
          type: 'sale',
          reference: `thread:${n}`,
          creditTo: null,
          createdAt: now,
        });
      }
    }
    // As the ledger stores them: each account's keyed list (items, buckets, head), each key's pointer, the sales' intents.
    const accounts = new Map<number, LedgerEntry[]>();
    for (const entry of entries) accounts.set(entry.account, [...(accounts.get(entry.account) ?? []), entry]);
    for (const [account, chain] of accounts) {
      await importList(seeder, walletModels(seeder).LedgerEntry as never, ledgerList(account), chain);
    }
    await walletModels(seeder).LedgerKey.collection.insertMany(
      entries.map((entry) => ({ _id: entry.key, entry })) as never[],
    );
    for (const key of [...unfinished, ...credited]) {
      expect(await sellerCredit.begin(seeder, key, { key, since: now.getTime() })).toBe(true);
    }
    expect(missing).toBe(SELLERS * MISSING_PER_SELLER);

    // Before the fix this start-up ran past Fastify's onReady limit and `ready()` rejected.
    const restarted = await createTestApp({}, seeder.config.database);
    await restarted.ready();

    const owed = (BUYERS * PURCHASES_EACH * PRICE) / SELLERS;
    for (let seller = 1; seller <= SELLERS; seller++) expect(await balanceOf(restarted, seller)).toBe(owed);
    const sales = await walletModels(restarted).LedgerEntry.countDocuments({ type: 'sale' });
    expect(sales).toBe(BUYERS * PURCHASES_EACH);
    for (const key of [...unfinished, ...credited]) expect(await sellerCredit.pending(restarted, key)).toBeNull();

    // A second start finds nothing left to complete.
    const again = await createTestApp({}, seeder.config.database);
    await again.ready();
    expect(await walletModels(again).LedgerEntry.countDocuments({ type: 'sale' })).toBe(BUYERS * PURCHASES_EACH);
  });
});
