import type { FastifyInstance } from 'fastify';
import { byNumericId, type Database, findByNumericId } from '../storage/index.ts';
import { recordSecondFactors } from '../users/accounts.ts';
import type { FactorKind, MemberFactorsRecord } from './factor-model.ts';
import { factorModels } from './models.ts';

/**
 * A member's factors document: read by key, changed one member at a time. FerretDB runs an update as read, modify,
 * replace, so two changes of one member's factors at once could lose one; a member changes them from a settings
 * page, so this process queues its changes per member (another process's change at the same instant remains a rare,
 * visible loss: the passkey is missing from the list and is added again).
 */

const EMPTY = (userId: number): Omit<MemberFactorsRecord, '_id'> => ({
  userId,
  passkeys: [],
  app: null,
  pendingApp: null,
  recovery: null,
});

export async function factorsOf(app: Database, userId: number): Promise<Omit<MemberFactorsRecord, '_id'>> {
  const model = factorModels(app).MemberFactors as unknown as Parameters<
    typeof findByNumericId<MemberFactorsRecord>
  >[0];
  // A document written by an upsert holds only what was set: the rest is as for a member with nothing on.
  return { ...EMPTY(userId), ...(await findByNumericId<MemberFactorsRecord>(model, userId)) };
}

/** The kinds that are on, as the member's account records them for the sign-in and staff gates. */
export function kindsOn(factors: Pick<MemberFactorsRecord, 'passkeys' | 'app'>): FactorKind[] {
  return [...(factors.passkeys.length > 0 ? ['passkey' as const] : []), ...(factors.app ? ['app' as const] : [])];
}

const queues = new Map<number, Promise<unknown>>();

/** Runs `change` after this process's earlier changes of the member's factors, never beside them. */
function inTurn<T>(userId: number, change: () => Promise<T>): Promise<T> {
  const before = queues.get(userId) ?? Promise.resolve();
  const run = before.then(change, change);
  const settled = run.catch(() => undefined);
  queues.set(userId, settled);
  void settled.then(() => {
    if (queues.get(userId) === settled) queues.delete(userId);
  });
  return run;
}

/**
 * Changes a member's factors: `change` gets them as stored and answers the fields to set (or null: nothing to do).
 * When the kinds that are on change, the account's copy follows, and every process's member directory with it.
 */
export function changeFactors<T>(
  app: FastifyInstance,
  userId: number,
  change: (factors: Omit<MemberFactorsRecord, '_id'>) => Promise<{ set: Partial<MemberFactorsRecord>; answer: T }>,
): Promise<T> {
  return inTurn(userId, async () => {
    const before = await factorsOf(app, userId);
    const { set, answer } = await change(before);
    await factorModels(app).MemberFactors.updateOne(
      byNumericId(userId),
      { $set: { ...set, userId } },
      { upsert: true },
    );
    const kinds = kindsOn({ ...before, ...set });
    if (kinds.join() !== kindsOn(before).join()) {
      await recordSecondFactors(app, userId, kinds);
      app.events.publish('member.changed', { userId });
    }
    return answer;
  });
}
