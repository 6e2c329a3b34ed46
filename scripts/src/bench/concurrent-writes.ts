import { reconcileLedger } from '@enclave/server/wallet/reconcile.ts';
import type { FastifyInstance } from 'fastify';
import { authorOf, type DatasetSize, HOT_THREAD, isPremiumThread, READER } from './dataset.ts';
import { type BenchRequest, roundsFromOwnProcess } from './load-process.ts';
import { sessionCookie } from './realtime.ts';
import { premiumBuyers } from './wallet-dataset.ts';

/**
 * Issue #26's concurrent writers: 20 members at once, ten rounds (200 samples), each write by a member who may make
 * it (a reply or a message a member may send once in its interval, a purchase of a thread they do not hold), sent
 * from a process of their own. Goal: p50 ≤ 50 ms, p99 ≤ 150 ms, no error; coins conserved throughout.
 */
export const WRITERS_AT_ONCE = 20;
const ROUNDS = 10;
export const CONCURRENT_GOAL = { p50: 50, p99: 150 };
/** Members below this sign in elsewhere in the bench (the reader, staff, the group buy's contributors). */
const FIRST_MEMBER = 10;
const PREMIUM_COST = 5;

interface Write {
  member: number;
  method: 'POST';
  path: string;
  body: unknown;
}

export interface Scenario {
  name: string;
  writes: (size: DatasetSize) => Write[][];
}

/** Members in turn from `offset`, skipping those `refuse` rules out (the seller, a holder). */
function memberPool(size: DatasetSize, offset: number) {
  let next = offset;
  return (refuse: (member: number) => boolean = () => false) => {
    for (;;) {
      const member = FIRST_MEMBER + (next++ % (size.members - FIRST_MEMBER));
      if (!refuse(member)) return member;
    }
  };
}

const rounds = (make: (round: number, i: number) => Write) =>
  Array.from({ length: ROUNDS }, (_, round) => Array.from({ length: WRITERS_AT_ONCE }, (_, i) => make(round, i)));

const premiumThreads = (size: DatasetSize) =>
  Array.from({ length: size.threads }, (_, i) => i + 1).filter(isPremiumThread);

/** A purchase of `thread` by a member who neither wrote it nor holds it (from the dataset or this bench). */
function buying(size: DatasetSize, offset: number) {
  const pool = memberPool(size, offset);
  return (thread: number, held: Set<string>): Write => {
    const holders = premiumBuyers(thread, size);
    const member = pool(
      (m) => m === authorOf(thread, size) || m === READER || holders.has(m) || held.has(`${m}:${thread}`),
    );
    held.add(`${member}:${thread}`);
    return {
      member,
      method: 'POST',
      path: '/api/coins/spend',
      body: { referenceId: thread, amount: PREMIUM_COST, referenceType: 'thread' },
    };
  };
}

export function concurrentScenarios(): Scenario[] {
  const held = new Set<string>();
  return [
    {
      name: '20 replies at once, one thread',
      writes: (size) => {
        const pool = memberPool(size, 0);
        return rounds((round, i) => ({
          member: pool(),
          method: 'POST',
          path: `/api/threads/${HOT_THREAD}/posts`,
          body: { content: `Concurrent reply ${round}.${i}` },
        }));
      },
    },
    {
      name: '20 messages at once, one recipient',
      writes: (size) => {
        const pool = memberPool(size, 0);
        return rounds((round, i) => ({
          member: pool(),
          method: 'POST',
          path: '/api/messages',
          body: { recipientId: READER, content: `Concurrent message ${round}.${i}` },
        }));
      },
    },
    {
      name: '20 premium purchases at once, one seller',
      writes: (size) => {
        const [thread] = premiumThreads(size) as [number];
        const buy = buying(size, 0);
        return rounds(() => buy(thread, held));
      },
    },
    {
      name: '20 premium purchases at once, 20 sellers',
      writes: (size) => {
        const threads = premiumThreads(size).slice(1);
        const buy = buying(size, size.members / 2);
        return rounds((round, i) => buy(threads[(round * WRITERS_AT_ONCE + i) % threads.length] as number, held));
      },
    },
  ];
}

export interface ConcurrentFigure {
  ms: number[];
  failures: string[];
}

export interface ConcurrentFigures {
  scenarios: Map<string, ConcurrentFigure>;
  /** The ledger after every round: its problems (none when it reconciles) and whether members' coins were conserved. */
  ledger: { problems: string[]; coinsBefore: number; coinsAfter: number } | { error: string };
}

/** Each scenario's rounds from a process of their own, then the ledger reconciled. */
export async function measureConcurrentWrites(
  app: FastifyInstance,
  baseUrl: string,
  size: DatasetSize,
  log: (line: string) => void,
): Promise<ConcurrentFigures> {
  const scenarios = new Map<string, ConcurrentFigure>();
  const before = await reconcileLedger(app);
  for (const scenario of concurrentScenarios()) {
    log(`  ${scenario.name}`);
    const planned = scenario.writes(size);
    const requests: BenchRequest[][] = await Promise.all(
      planned.map((round) =>
        Promise.all(
          round.map(async (write) => ({
            method: write.method,
            url: `${baseUrl}${write.path}`,
            cookie: await sessionCookie(app, write.member),
            body: write.body,
          })),
        ),
      ),
    );
    const byRound = await roundsFromOwnProcess(requests);
    const msByRound = byRound.map((round) => round.flatMap((answer) => ('ms' in answer ? [answer.ms] : [])));
    // Each round's slowest answer, on the progress log: a p99 over its goal is one round or several.
    log(`    slowest per round (ms): ${msByRound.map((ms) => Math.max(0, ...ms).toFixed(0)).join(' ')}`);
    scenarios.set(scenario.name, {
      ms: msByRound.flat(),
      failures: byRound.flat().flatMap((answer) => ('error' in answer ? [answer.error] : [])),
    });
  }
  try {
    // Sellers are credited just after their buyers' answers: judged once that work is done.
    await app.settled();
    const after = await reconcileLedger(app);
    return {
      scenarios,
      ledger: { problems: after.problems, coinsBefore: before.memberCoins, coinsAfter: after.memberCoins },
    };
  } catch (error) {
    return { scenarios, ledger: { error: String(error) } };
  }
}
