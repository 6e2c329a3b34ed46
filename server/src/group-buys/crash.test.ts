import { api } from '@enclave/protocol';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app.ts';
import { createMember } from '../test/factories.ts';
import { aThread, grantCoins, setDeadline } from '../test/forum.ts';
import { expectLedgerReconciles } from '../test/reconcile.ts';
import { startServerProcess } from '../test/server-process.ts';
import { balanceOf } from '../wallet/ledger.ts';
import { escrowAccount } from '../wallet/ledger-keys.ts';
import { walletModels } from '../wallet/models.ts';
import { groupBuyModels } from './models.ts';

const CONTRIBUTORS = 20;
const AMOUNT = 15;

const returnsOf = (threadId: number) => ({ key: { $regex: `^groupbuy-return:\\d+:${threadId}$` } });

describe('a process killed while an expired group buy gives its contributions back', () => {
  it('leaves the rest to the next start, which returns each contribution exactly once', async () => {
    const app = await createTestApp();
    const { user: organiser } = await createMember(app, { isAdmin: true });
    const thread = await aThread(app, organiser, {
      isGroupBuy: true,
      groupBuyParticipantsRequired: CONTRIBUTORS + 1,
      groupBuyContributionAmount: AMOUNT,
    });
    const members = [];
    for (let i = 0; i < CONTRIBUTORS; i++) {
      const member = await createMember(app);
      await grantCoins(app, member.user.id, AMOUNT);
      const answer = await member.client.call(api.contribute, { params: { id: thread.id }, body: { amount: AMOUNT } });
      expect(answer.statusCode).toBe(200);
      members.push(member.user);
    }
    expect(await balanceOf(app, escrowAccount(thread.id))).toBe(CONTRIBUTORS * AMOUNT);

    // The server as production runs it, sweeping every 100 ms; killed (SIGKILL: no shutdown, no cleanup) the
    // moment it logs its first return.
    const server = await startServerProcess({ MONGODB_URI: app.config.database.uri, GROUP_BUY_SWEEP_MS: '100' });
    const firstReturn = new Promise<void>((resolve) => {
      server.child.stdout?.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('group-buy contribution returned')) resolve();
      });
    });
    await setDeadline(app, thread.id, new Date(Date.now() - 1));
    await firstReturn;
    server.child.kill('SIGKILL');
    await server.exited;

    const returnedBeforeTheKill = await walletModels(app).LedgerEntry.countDocuments(returnsOf(thread.id));
    expect(returnedBeforeTheKill, 'the kill landed between two returns').toBeGreaterThan(0);
    expect(returnedBeforeTheKill).toBeLessThan(CONTRIBUTORS);
    expect(await groupBuyModels(app).OpenGroupBuy.exists({ _id: String(thread.id) })).not.toBeNull();

    // The next start (another process on the same database) finishes the job.
    const restarted = await createTestApp({ GROUP_BUY_SWEEP_MS: '100' }, app.config.database);
    await restarted.ready();
    await expect
      .poll(() => groupBuyModels(restarted).OpenGroupBuy.exists({ _id: String(thread.id) }), { timeout: 30_000 })
      .toBeNull();
    for (const member of members) expect(await balanceOf(restarted, member.id)).toBe(AMOUNT);
    expect(await walletModels(restarted).LedgerEntry.countDocuments(returnsOf(thread.id))).toBe(CONTRIBUTORS);
    expect(await balanceOf(restarted, escrowAccount(thread.id))).toBe(0);
    expect(await groupBuyModels(restarted).GroupBuyOutcome.findById(String(thread.id)).lean()).toMatchObject({
      status: 'expired',
    });
    await expectLedgerReconciles(restarted);
  });
});
