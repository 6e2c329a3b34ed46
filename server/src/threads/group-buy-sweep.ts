import type { FastifyInstance } from 'fastify';
import { findByNumericId, isDuplicateKey } from '../db/ids.ts';
import { completeSale, movementByKey, refund } from '../wallet/ledger.ts';
import { recordHolding } from './access.ts';
import { completeIfFull } from './group-buy.ts';
import { placeKey } from './group-buy-model.ts';
import { completionOf, isPaidPlace, numberPlace, placeOf, placesTaken } from './group-buy-state.ts';

interface Pending {
  threadId: number;
  userId: number;
  key: string;
}

/**
 * Settles one contribution a crash interrupted. No debit: nothing to do. Otherwise a void place is
 * inserted under the member's place key, so no late claim can take one: if it goes in, the debit
 * bought nothing and is refunded; if the member holds a paid place, it is numbered, the organiser is
 * credited and the group buy completed if that place filled it.
 */
async function settlePending(app: FastifyInstance, pending: Pending): Promise<'refunded' | 'completed' | null> {
  const debit = await movementByKey(app, pending.key);
  if (!debit) return null;
  const { threadId, userId } = pending;
  try {
    await app.models.GroupBuyPlace.create({
      _id: placeKey(threadId, userId),
      threadId,
      place: -userId,
      userId,
      createdAt: new Date(),
    });
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
  }
  const place = await placeOf(app, threadId, userId);
  if (!place || !isPaidPlace(place)) {
    await refund(app, debit);
    return 'refunded';
  }
  await numberPlace(app, place);
  await recordHolding(app, userId, threadId, 'groupBuy');
  await completeSale(app, debit);
  const thread = await findByNumericId(app.models.Thread, threadId);
  const required = thread?.groupBuyParticipantsRequired;
  if (!thread || thread.deletedAt || !required || (await completionOf(app, threadId))) return null;
  if ((await placesTaken(app, threadId)) < required) return null;
  await completeIfFull(app, thread, required);
  return 'completed';
}

/**
 * Start-up sweep, before the ledger's own (which would otherwise pay the organiser for a debit that
 * bought nothing): it walks only the contributions left unfinished, found by their markers.
 */
export async function sweepGroupBuys(app: FastifyInstance): Promise<{ refunded: number; completed: number }> {
  const markers = await app.models.PendingContribution.find().lean<(Pending & { _id: string })[]>();
  let refunded = 0;
  let completed = 0;
  for (const marker of markers) {
    const outcome = await settlePending(app, marker);
    if (outcome === 'refunded') refunded += 1;
    if (outcome === 'completed') completed += 1;
    await app.models.PendingContribution.deleteOne({ _id: marker._id });
  }
  return { refunded, completed };
}
