import { api, ErrorCode } from '@enclave/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { createTestApp } from '../test/app.ts';
import { createMember } from '../test/factories.ts';
import { expectLedgerReconciles } from '../test/reconcile.ts';
import { balanceOf, ledgerMove, move, movementByKey, pay, refund, sellerCredit } from './ledger.ts';
import { walletModels } from './models.ts';

let app: App;

beforeAll(async () => {
  app = await createTestApp();
});

const grant = (account: number, amount: number, key = `grant:${account}:${Math.random()}`) =>
  move(app, { account, amount, key, type: 'admin_grant' });

describe('the coin ledger', () => {
  it('credits, debits and shows the head balance in GET /api/user', async () => {
    const { user, client } = await createMember(app);
    await grant(user.id, 100);
    await move(app, { account: user.id, amount: -30, key: `spend:${user.id}:1`, type: 'unlock' });
    expect(await balanceOf(app, user.id)).toBe(70);
    expect((await client.call(api.user)).json().coinBalance).toBe(70);
    await expectLedgerReconciles(app);
  });

  it('never goes negative, and a refused debit writes nothing', async () => {
    const { user } = await createMember(app);
    await grant(user.id, 10);
    const error = await move(app, { account: user.id, amount: -11, key: `spend:${user.id}:x`, type: 'unlock' }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ statusCode: 402, code: ErrorCode.InsufficientCoins });
    expect(await walletModels(app).LedgerEntry.countDocuments({ account: user.id })).toBe(1);
  });

  it('moves a key once: a replay is answered, not repeated', async () => {
    const { user } = await createMember(app);
    await grant(user.id, 50);
    const first = await move(app, { account: user.id, amount: -20, key: `once:${user.id}`, type: 'unlock' });
    const again = await move(app, { account: user.id, amount: -20, key: `once:${user.id}`, type: 'unlock' });
    expect(first.replayed).toBe(false);
    expect(again.replayed).toBe(true);
    expect(await balanceOf(app, user.id)).toBe(30);
    // Neither leaves work behind: the replay cleared the intent it recorded while its pointer was read.
    await app.settled();
    expect(await ledgerMove.pending(app, `once:${user.id}`)).toBeNull();
  });

  it('race: 100 concurrent debits of one key charge once', async () => {
    const { user } = await createMember(app);
    await grant(user.id, 25);
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, () =>
        move(app, { account: user.id, amount: -25, key: `race-key:${user.id}`, type: 'unlock' }),
      ),
    );
    const fresh = results.filter((r) => r.status === 'fulfilled' && !r.value.replayed);
    expect(fresh).toHaveLength(1);
    expect(await balanceOf(app, user.id)).toBe(0);
    expect(await walletModels(app).LedgerEntry.countDocuments({ key: `race-key:${user.id}` })).toBe(1);
    await expectLedgerReconciles(app);
  });

  it('race: 60 concurrent distinct debits on a balance that covers 10 let exactly 10 through', async () => {
    const { user } = await createMember(app);
    await grant(user.id, 100);
    const results = await Promise.allSettled(
      Array.from({ length: 60 }, (_, i) =>
        move(app, { account: user.id, amount: -10, key: `distinct:${user.id}:${i}`, type: 'unlock' }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    expect(
      results.filter(
        (r) => r.status === 'rejected' && (r.reason as { code?: string }).code === ErrorCode.InsufficientCoins,
      ),
    ).toHaveLength(50);
    expect(await balanceOf(app, user.id)).toBe(0);
    await expectLedgerReconciles(app);
  });

  it('pays the seller, and the start-up sweep completes a credit a crash left behind', async () => {
    const { user: buyer } = await createMember(app);
    const { user: seller } = await createMember(app);
    await grant(buyer.id, 100);
    await pay(app, {
      buyer: buyer.id,
      seller: seller.id,
      amount: 40,
      key: `buy:${buyer.id}:1`,
      type: 'premium_purchase',
      reference: 'thread:1',
    });
    expect(await balanceOf(app, seller.id)).toBe(40);

    // A debit written just before a crash: its credit never happened.
    await move(app, {
      account: buyer.id,
      amount: -15,
      key: `buy:${buyer.id}:2`,
      type: 'unlock',
      reference: 'thread:2',
      creditTo: seller.id,
    });
    expect(await balanceOf(app, seller.id)).toBe(40);
    expect(await sellerCredit.pending(app, `buy:${buyer.id}:2`)).not.toBeNull();
    expect(await sellerCredit.sweep(app)).toBe(1);
    expect(await sellerCredit.sweep(app)).toBe(0);
    expect(await sellerCredit.pending(app, `buy:${buyer.id}:2`)).toBeNull();
    expect(await balanceOf(app, seller.id)).toBe(55);
    expect(await balanceOf(app, buyer.id)).toBe(45);
    await expectLedgerReconciles(app);
  });

  it('credits a sale once when a crash lost only the end of its intent, and never a refunded one', async () => {
    const { user: buyer } = await createMember(app);
    const { user: seller } = await createMember(app);
    await grant(buyer.id, 100);
    const sale = { buyer: buyer.id, seller: seller.id, amount: 10, type: 'unlock' as const, reference: 'thread:4' };
    // Credited, then a crash before its intent went: as the intent is left, recorded again.
    const paid = `paid:${buyer.id}`;
    await pay(app, { ...sale, key: paid });
    expect(await sellerCredit.begin(app, paid, { key: paid, since: Date.now() })).toBe(true);
    // Refunded (a group-buy place lost after paying), then a crash before its intent went.
    const lost = `lost:${buyer.id}`;
    const debit = await move(app, {
      account: buyer.id,
      amount: -10,
      key: lost,
      type: 'group_buy',
      creditTo: seller.id,
    });
    await refund(app, debit.entry);
    expect(await sellerCredit.begin(app, lost, { key: lost, since: Date.now() })).toBe(true);
    // Recorded, then a crash before the debit: another process may still be making it, until it is old.
    const [begun, old] = [`begun:${buyer.id}`, `begun-long-ago:${buyer.id}`];
    await sellerCredit.begin(app, begun, { key: begun, since: Date.now() });
    await sellerCredit.begin(app, old, { key: old, since: Date.now() - 3_600_000 });

    expect(await sellerCredit.sweep(app)).toBe(3);
    expect(await balanceOf(app, seller.id)).toBe(10);
    expect(await balanceOf(app, buyer.id)).toBe(90);
    expect(await movementByKey(app, `sale:${lost}`)).toBeNull();
    for (const key of [paid, lost, old]) expect(await sellerCredit.pending(app, key)).toBeNull();
    expect(await sellerCredit.pending(app, begun)).not.toBeNull();
    // Its writer was still at work: the purchase completes, and its intent goes.
    await pay(app, { ...sale, key: begun });
    expect(await sellerCredit.pending(app, begun)).toBeNull();
    expect(await balanceOf(app, seller.id)).toBe(20);
    await expectLedgerReconciles(app);
  });
});
