import { api, ErrorCode } from '@enclave/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { createTestApp } from '../test/app.ts';
import { createMember, DEFAULT_PASSWORD } from '../test/factories.ts';
import { expectLedgerReconciles } from '../test/reconcile.ts';
import { balanceOf, move } from './ledger.ts';
import { walletModels } from './models.ts';
import { closeWallet } from './service.ts';

let app: App;

beforeAll(async () => {
  app = await createTestApp();
});

describe('account deletion removes the coins', () => {
  it('moves the whole balance out in one account_closed entry', async () => {
    const { user, client } = await createMember(app);
    await move(app, { account: user.id, amount: 730, key: `grant:${user.id}`, type: 'admin_grant' });
    const response = await client.call(api.deleteAccount, { body: { password: DEFAULT_PASSWORD } });
    expect(response.statusCode).toBe(200);
    expect(await balanceOf(app, user.id)).toBe(0);
    const closing = await walletModels(app)
      .LedgerEntry.findOne({ key: `close:${user.id}` })
      .lean();
    expect(closing).toMatchObject({ type: 'account_closed', amount: -730, balanceAfter: 0 });
    await expectLedgerReconciles(app);
  });

  it('writes nothing for an empty wallet, and closes once', async () => {
    const { user } = await createMember(app);
    expect(await closeWallet(app, user.id)).toBe(0);
    expect(await walletModels(app).LedgerEntry.countDocuments({ account: user.id })).toBe(0);
    await move(app, { account: user.id, amount: 50, key: `grant:${user.id}`, type: 'admin_grant' });
    expect(await closeWallet(app, user.id)).toBe(50);
    expect(await closeWallet(app, user.id)).toBe(0);
    expect(await walletModels(app).LedgerEntry.countDocuments({ key: `close:${user.id}` })).toBe(1);
  });

  it('race: spends racing the closure still leave the wallet empty and the ledger whole', async () => {
    const { user } = await createMember(app);
    await move(app, { account: user.id, amount: 200, key: `grant:${user.id}`, type: 'admin_grant' });
    const results = await Promise.allSettled([
      closeWallet(app, user.id),
      ...Array.from({ length: 10 }, (_, i) =>
        move(app, { account: user.id, amount: -15, key: `spend:${user.id}:${i}`, type: 'unlock' }),
      ),
    ]);
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused.every((r) => (r.reason as { code?: string }).code === ErrorCode.InsufficientCoins)).toBe(true);
    expect(results[0]?.status).toBe('fulfilled');
    expect(await balanceOf(app, user.id)).toBe(0);
    await expectLedgerReconciles(app);
  });
});
