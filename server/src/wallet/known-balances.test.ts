import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { createTestApp } from '../test/app.ts';
import { createMember } from '../test/factories.ts';
import { commandsDuring } from '../test/scans.ts';
import { move } from './ledger.ts';

let app: App;
let other: App;

beforeAll(async () => {
  app = await createTestApp();
  // A second process on the same database, told nothing of the first one's movements (no Redis here).
  other = await createTestApp({}, app.config.database);
});

const grant = (target: App, account: number, amount: number) =>
  move(target, { account, amount, key: `grant:${account}:${Math.random()}`, type: 'admin_grant' });

describe("members' balances for lists of many members", () => {
  it('reads a balance it knows nothing of from the ledger head, then knows it, and follows its own movements', async () => {
    const { user: rich } = await createMember(app);
    const { user: poor } = await createMember(app);
    await grant(other, rich.id, 300);
    await grant(other, rich.id, 20);
    expect(await app.balances.of([rich.id, poor.id])).toEqual([320, 0]);
    await grant(app, poor.id, 7);
    const reads = await commandsDuring(app, async () =>
      expect(await app.balances.of([rich.id, poor.id])).toEqual([320, 7]),
    );
    expect(reads).toEqual([]);
  });

  it('never takes a balance back for a message about an earlier entry', async () => {
    const { user } = await createMember(app);
    const first = await grant(app, user.id, 10);
    await grant(app, user.id, 5);
    // Told late, as another process's message may arrive.
    app.balances.learn(user.id, first.entry.seq, first.entry.balanceAfter);
    expect(await app.balances.of([user.id])).toEqual([15]);
  });
});
