import type { FastifyInstance } from 'fastify';
import { runSweep } from '../periodic.ts';
import { isDuplicateKey } from '../storage/index.ts';
import { storedThread } from '../threads/stored-thread.ts';
import { movementByKey, refund } from '../wallet/ledger.ts';
import { decide, settle } from './escrow.ts';
import { type OpenGroupBuyRecord, placeKey } from './model.ts';
import { groupBuyModels } from './models.ts';
import { settlePlace } from './service.ts';
import { isPaidPlace, outcomeOf, placeOf, placesTaken } from './state.ts';

interface Pending {
  _id: string;
  threadId: number;
  userId: number;
  key: string;
  createdAt: Date;
}

/**
 * Settles one contribution a crash interrupted. No debit: nothing to do. Otherwise a void place is
 * inserted under the member's place key, so no late claim can take one: if it goes in, the debit
 * bought nothing and is refunded; if the member holds a paid place, its remaining steps run (the escrow's
 * credit, the completion if that place filled the group buy, the return if the group buy ended meanwhile).
 */
async function settlePending(app: FastifyInstance, pending: Pending): Promise<'refunded' | 'placed' | null> {
  const debit = await movementByKey(app, pending.key);
  if (!debit) return null;
  const { threadId, userId } = pending;
  try {
    await groupBuyModels(app).GroupBuyPlace.create({
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
  const thread = await storedThread(app, threadId);
  if (!place || !isPaidPlace(place) || !thread) {
    await refund(app, debit);
    return 'refunded';
  }
  await settlePlace(app, thread, place, debit);
  return 'placed';
}

/**
 * Contributions a crash left unfinished, found by their markers. At start every marker is one (no request is under
 * way in this process); later only markers older than `olderThanMs`, whose request another process has given up on
 * or died in: settling one still in flight would be safe (the void place decides), but would refund it.
 */
async function sweepContributions(app: FastifyInstance, olderThanMs: number) {
  const markers = await groupBuyModels(app).PendingContribution.find().lean<Pending[]>();
  const counts = { refunded: 0, placed: 0 };
  for (const marker of markers) {
    if (Date.now() - marker.createdAt.getTime() < olderThanMs) continue;
    const outcome = await settlePending(app, marker);
    if (outcome) counts[outcome] += 1;
    await groupBuyModels(app).PendingContribution.deleteOne({ _id: marker._id });
  }
  return counts;
}

/**
 * Group buys past their deadline, and outcomes a crash left unsettled, found by their open markers. A group buy
 * whose every place is taken completes; any other expires. `decide` makes either happen once, whichever process
 * sweeps, and every payout and return is keyed, so a sweep that runs twice moves nothing twice. Answers the
 * earliest deadline still ahead, so the next sweep can be timed for it.
 */
async function sweepDeadlines(app: FastifyInstance): Promise<{ ended: number; next: Date | null }> {
  const markers = await groupBuyModels(app).OpenGroupBuy.find().lean<OpenGroupBuyRecord[]>();
  let ended = 0;
  let next: Date | null = null;
  for (const marker of markers) {
    const outcome = await outcomeOf(app, marker.threadId);
    const due = marker.deadline !== null && marker.deadline.getTime() <= Date.now();
    if (!outcome && !due) {
      if (marker.deadline && (!next || marker.deadline < next)) next = marker.deadline;
      continue;
    }
    const thread = await storedThread(app, marker.threadId);
    if (!thread?.groupBuyParticipantsRequired) {
      await groupBuyModels(app).OpenGroupBuy.deleteOne({ _id: marker._id });
      continue;
    }
    ended += 1;
    if (outcome) {
      // Decided, then cut short by a crash (or being carried out right now elsewhere: every step is keyed).
      await settle(app, thread, outcome);
    } else {
      const full = (await placesTaken(app, thread.id)) >= thread.groupBuyParticipantsRequired;
      await decide(app, thread, full ? 'completed' : 'expired');
    }
  }
  return { ended, next };
}

/** A contribution marker younger than this may belong to a request another process is still making. */
const IN_FLIGHT_MS = 60_000;

/** One sweep of both kinds of unfinished work; contribution markers younger than `olderThanMs` are left alone. */
export async function sweepGroupBuys(app: FastifyInstance, olderThanMs = IN_FLIGHT_MS) {
  const contributions = await sweepContributions(app, olderThanMs);
  const deadlines = await sweepDeadlines(app);
  return { ...contributions, ...deadlines };
}

/**
 * At start, before the ledger's own sweep (which would otherwise pay the escrow for a debit that bought nothing),
 * every contribution marker is settled: no request is under way in this process yet. Then, every
 * `GROUP_BUY_SWEEP_MS` (0: never, for tests that sweep themselves), and sooner when a known deadline falls
 * earlier, both kinds are swept, off the start-up path. Every process runs it; the outcome document and the ledger
 * keys make that safe. It stops with the app, after the sweep under way.
 */
export function registerGroupBuySweeps(app: FastifyInstance): void {
  const every = app.config.GROUP_BUY_SWEEP_MS;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = run();
    }, ms);
    timer.unref();
  };
  const run = async () => {
    let wait = every;
    const swept = await runSweep(app, 'group-buy sweep', () => sweepGroupBuys(app));
    if (swept?.next) wait = Math.max(0, Math.min(every, swept.next.getTime() - Date.now()));
    if (swept && swept.ended + swept.refunded + swept.placed > 0) app.log.info(swept, 'group-buy sweep');
    schedule(wait);
  };
  app.addHook('onReady', async () => {
    const settled = await sweepContributions(app, 0);
    if (settled.refunded + settled.placed > 0) app.log.warn(settled, 'group-buy contributions settled after a crash');
    if (every > 0) schedule(0);
  });
  app.addHook('onClose', async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  });
}
