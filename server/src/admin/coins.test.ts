import { ADMIN_TEXT, api, TEST_COINS } from '@enclave/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { moderationModels } from '../moderation/models.ts';
import { createTestApp } from '../test/app.ts';
import { createMember } from '../test/factories.ts';
import { expectLedgerReconciles } from '../test/reconcile.ts';
import { balanceOf } from '../wallet/ledger.ts';

let app: App;

beforeAll(async () => {
  app = await createTestApp();
});

describe('test coins to yourself (POST /api/admin/add-coins)', () => {
  it('adds up to 100,000 coins through the ledger, and says so', async () => {
    const { user, client } = await createMember(app, { isAdmin: true });
    const response = await client.call(api.addCoins, { body: { amount: TEST_COINS.self } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: ADMIN_TEXT.coinsAdded(TEST_COINS.self),
      userId: user.id,
      coinBalance: TEST_COINS.self,
    });
    expect(ADMIN_TEXT.coinsAdded(TEST_COINS.self)).toBe('100,000 test coins added to your balance');
    expect((await client.call(api.user)).json().coinBalance).toBe(TEST_COINS.self);
    const [row] = (await client.call(api.transactions)).json().transactions;
    expect(row).toMatchObject({ amount: TEST_COINS.self, entryType: 'admin_grant', status: 'completed' });
    const log = await moderationModels(app).ModerationLog.findOne({ action: 'coins.grant', targetId: user.id }).lean();
    expect(row.referenceId).toBe(`grant:${log?.id}`);
    await expectLedgerReconciles(app);
  });

  it('refuses more than 100,000, or less than 1, at a time', async () => {
    const { user, client } = await createMember(app, { isAdmin: true });
    for (const amount of [TEST_COINS.self + 1, 0, -5, 10.5]) {
      const response = await client.call(api.addCoins, { body: { amount } });
      expect(response.statusCode, String(amount)).toBe(400);
      expect(response.json().message).toBe(ADMIN_TEXT.selfCoinsRange);
    }
    expect(await balanceOf(app, user.id)).toBe(0);
  });
});

describe('test coins to a member (POST /api/admin/add-user-coins)', () => {
  it('adds up to 1,000 coins, once per grant, even when grants race', async () => {
    const { client: admin } = await createMember(app, { isAdmin: true });
    const { user, client } = await createMember(app);
    const grants = await Promise.all(
      Array.from({ length: 5 }, () =>
        admin.call(api.addUserCoins, { body: { userId: user.id, amount: TEST_COINS.perUser } }),
      ),
    );
    expect(grants.map((grant) => grant.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(grants[0]?.json().message).toBe(ADMIN_TEXT.userCoinsAdded(TEST_COINS.perUser, user.username));
    expect((await client.call(api.user)).json().coinBalance).toBe(5 * TEST_COINS.perUser);
    expect(await moderationModels(app).ModerationLog.countDocuments({ action: 'coins.grant', targetId: user.id })).toBe(
      5,
    );
    await expectLedgerReconciles(app);
  });

  it('refuses more than 1,000 at a time, and unknown members', async () => {
    const { client: admin } = await createMember(app, { isAdmin: true });
    const { user } = await createMember(app);
    const tooMany = await admin.call(api.addUserCoins, { body: { userId: user.id, amount: TEST_COINS.perUser + 1 } });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(ADMIN_TEXT.userCoinsRange);
    const unknown = await admin.call(api.addUserCoins, { body: { userId: 123_456, amount: 10 } });
    expect(unknown.statusCode).toBe(404);
    expect(await balanceOf(app, user.id)).toBe(0);
    expect(await moderationModels(app).ModerationLog.exists({ targetId: 123_456 })).toBeNull();
  });
});
