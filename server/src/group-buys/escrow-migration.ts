import { THREAD_DEFAULTS } from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import type { Migration } from '../db/migrations.ts';
import { markOpen } from './escrow.ts';
import { placesTaken } from './state.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

interface StoredOutcome {
  _id: string;
  status?: string;
  completedAt?: Date;
}

interface StoredGroupBuy {
  _id: unknown;
  id: number;
  authorId: number;
  groupBuyDeadline?: Date | null;
}

/**
 * Group buys before escrow: a completion becomes an outcome (`completed`), and every open group buy gets its
 * deadline. One nobody has joined yet gets the default, counted from this start, and its open marker; one with
 * contributions keeps none (null), because those contributions were paid to its organiser when they were made and
 * an expiry could not give them back: it stays open until its last place fills, as it always did. Contributions
 * from now on go to the escrow like any other. Each step skips what is done, so a rerun after a crash finishes it.
 */
async function run(app: FastifyInstance, progress: (done: number, total: number) => void): Promise<void> {
  const outcomes = app.models.GroupBuyOutcome.collection;
  const completions = (await outcomes.find<StoredOutcome>({}).toArray()).filter((outcome) => !outcome.status);
  for (const completion of completions) {
    await outcomes.updateOne({ _id: completion._id } as never, {
      $set: { status: 'completed', endedAt: completion.completedAt ?? new Date() },
      $unset: { completedAt: '' },
    });
  }
  const groupBuys = await app.models.Thread.collection.find<StoredGroupBuy>({ isGroupBuy: true }).toArray();
  const deadline = new Date(Date.now() + THREAD_DEFAULTS.groupBuyDays * DAY_MS);
  let done = 0;
  for (const stored of groupBuys) {
    done += 1;
    if (await app.models.GroupBuyOutcome.exists({ _id: String(stored.id) })) continue;
    let thread = { id: stored.id, authorId: stored.authorId, groupBuyDeadline: stored.groupBuyDeadline ?? null };
    if (stored.groupBuyDeadline === undefined) {
      thread = { ...thread, groupBuyDeadline: (await placesTaken(app, stored.id)) > 0 ? null : deadline };
      await app.models.Thread.collection.updateOne({ _id: stored._id } as never, {
        $set: { groupBuyDeadline: thread.groupBuyDeadline },
      });
    }
    if (thread.groupBuyDeadline) await markOpen(app, thread);
    progress(done, groupBuys.length);
  }
}

export const groupBuyEscrow: Migration = { name: 'group-buy-escrow', run };
