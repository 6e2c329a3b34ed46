import { ADMIN_TEXT, type CoinGrantReply } from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import { logModeration, withdrawModerationEntry } from '../moderation/log.ts';
import { findMember } from '../users/service.ts';
import type { UserRecord } from '../users/user-model.ts';
import { move } from '../wallet/ledger.ts';

/**
 * Test coins (spec 001 §6), through the ledger like every other movement. The grant is logged
 * first, and its log entry's id makes the ledger key: each grant moves coins exactly once, and the
 * transaction history's `grant:{id}` reference leads to who granted it.
 */
export async function grantCoins(
  app: FastifyInstance,
  actor: UserRecord,
  userId: number,
  amount: number,
): Promise<CoinGrantReply> {
  const recipient = userId === actor.id ? actor : await findMember(app, userId);
  const entry = await logModeration(app, {
    actorId: actor.id,
    action: 'coins.grant',
    targetType: 'user',
    targetId: recipient.id,
    details: { amount },
  });
  const reference = `grant:${entry.id}`;
  try {
    const { entry: credit, replayed } = await move(app, {
      account: recipient.id,
      amount,
      key: `admin-${reference}`,
      type: 'admin_grant',
      reference,
    });
    if (replayed) throw new Error(`ledger key admin-${reference} was already used`);
    return {
      message:
        recipient.id === actor.id
          ? ADMIN_TEXT.coinsAdded(amount)
          : ADMIN_TEXT.userCoinsAdded(amount, recipient.username),
      userId: recipient.id,
      coinBalance: credit.balanceAfter,
    };
  } catch (error) {
    // No coins moved: the log must not claim they did.
    await withdrawModerationEntry(app, entry.id);
    throw error;
  }
}
