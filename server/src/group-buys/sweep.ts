import type { FastifyInstance } from 'fastify';
import { runSweep } from '../periodic.ts';
import { storedThread } from '../threads/stored-thread.ts';
import type { WalletContext } from '../wallet/ledger.ts';
import { decide, settle } from './escrow.ts';
import type { OpenGroupBuyRecord } from './model.ts';
import { groupBuyModels } from './models.ts';
import { contributionUnderWay } from './service.ts';
import { outcomeOf, placesTaken } from './state.ts';

/**
 * Group buys past their deadline, and outcomes a crash left unsettled, found by their open markers. A group buy
 * whose every place is taken completes; any other expires. `decide` makes either happen once, whichever process
 * sweeps, and every payout and return is keyed, so a sweep that runs twice moves nothing twice. Answers the
 * earliest deadline still ahead, so the next sweep can be timed for it.
 */
async function sweepDeadlines(app: WalletContext): Promise<{ ended: number; next: Date | null }> {
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

/** A contribution under way younger than this may belong to a request another process is still making. */
const IN_FLIGHT_MS = 60_000;

/**
 * One sweep of both kinds of unfinished work: contributions whose request another process has given up on or died
 * in (those younger than `olderThanMs` are left alone: settling one still in flight would be safe, the void place
 * decides, but would refund it), then the deadlines. Answers how many contributions it settled and group buys it
 * ended, and the next deadline.
 */
export async function sweepGroupBuys(app: WalletContext, olderThanMs = IN_FLIGHT_MS) {
  const settled = await contributionUnderWay.sweep(app, new Date(Date.now() - olderThanMs));
  const deadlines = await sweepDeadlines(app);
  return { settled, ...deadlines };
}

/**
 * At start, every contribution a crash left is settled: no request is under way in this process yet. That is this
 * kind's own sweep, in an onReady hook that runs before the intents' general one (app.ts), because the order
 * matters and the general sweep's order by time cannot promise it (a contribution's intent and its debit's seller
 * credit may be recorded in the same millisecond): the seller credit would otherwise pay the escrow for a debit that
 * bought nothing. Then, every `GROUP_BUY_SWEEP_MS` (0: never, for tests that sweep themselves), and sooner when a
 * known deadline falls earlier, both kinds are swept, off the start-up path. Every process runs it; the outcome
 * document and the ledger keys make that safe. It stops with the app, after the sweep under way.
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
    if (swept && swept.ended + swept.settled > 0) app.log.info(swept, 'group-buy sweep');
    schedule(wait);
  };
  app.addHook('onReady', async () => {
    await contributionUnderWay.sweep(app);
    if (every > 0) schedule(0);
  });
  app.addHook('onClose', async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  });
}
