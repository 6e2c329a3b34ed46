/**
 * `npm run bench -- --fan-out [--fan-out-seconds N]`: a busy thread's notifications (issue #26, item 2). A thread with
 * 2,000 participants, 500 of them online with real Socket.IO clients held by child processes (bell-holder.ts), on the
 * embedded database: (a) single replies, from the POST to the last online participant's 'notification:new';
 * (b) one reply a second for N seconds (60 by default), the delay of each reply's last notification, and whether
 * it grows (a backlog). Prints its goals with pass/MISS and exits.
 */
import { performance } from 'node:perf_hooks';
import { argv } from 'node:process';
import { setTimeout as sleep } from 'node:timers/promises';
import { api, pathOf } from '@enclave/protocol';
import { buildApp } from '@enclave/server';
import { loadEnv } from '@enclave/server/config.ts';
import { limit } from '@enclave/server/limit.ts';
import { joinThread } from '@enclave/server/notifications/participants.ts';
import { startDatabaseServer, withDatabase } from '@enclave/server/storage/index.ts';
import { holdBells } from './bell-holder.ts';
import { ADMIN, SIZES } from './dataset.ts';
import { writeDataset } from './forum-dataset.ts';
import { sessionCookie } from './realtime.ts';
import { percentile } from './sockets.ts';
import { formatTable } from './table.ts';

const PARTICIPANTS = 2000;
const ONLINE = 500;
const HOLDERS = 2;
const SINGLE_REPLIES = 20;
/** Told members who then open their list, once and again. */
const LOOKERS = 20;
const secondsArg = argv.indexOf('--fan-out-seconds');
const PACED_SECONDS = secondsArg === -1 ? 60 : Number(argv[secondsArg + 1]);
/** Goal: every online participant's bell within this of the reply. */
const GOAL_MS = 1000;
/** How long a reply's notifications are waited for before the missing ones count as missed. */
const WAIT_MS = 60_000;
// S's forum, with members enough for the participants and a distinct replier for every reply (one reply each keeps
// clear of the per-member reply interval).
const SIZE = { ...SIZES.S, members: PARTICIPANTS + 1 + SINGLE_REPLIES + 1 + PACED_SECONDS + 10, messages: 0 };

const log = (line: string) => process.stderr.write(`${line}\n`);
const wallClock = () => performance.timeOrigin + performance.now();
const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : `over ${WAIT_MS / 1000} s`);
const verdict = (pass: boolean) => (pass ? 'pass' : 'MISS');

async function post(baseUrl: string, path: string, cookie: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', 'x-requested-with': 'bench' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

const database = await startDatabaseServer({ log });
const uri = withDatabase(database.uri, 'enclave-fan-out');
log(`fan-out: writing ${SIZE.members} members, ${SIZE.threads} threads, ${SIZE.replies} replies`);
await writeDataset(uri, SIZE);
const app = await buildApp({
  ...loadEnv({ ...process.env, LOG_LEVEL: 'warn', NODE_ENV: 'test' }),
  database: { uri, backend: database.backend },
});
const rows: [string, string, string, string][] = [];
const holders: ReturnType<typeof holdBells>[] = [];
try {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const baseUrl = `http://127.0.0.1:${address && typeof address === 'object' ? address.port : 0}`;
  const cookieOf = (memberId: number) => sessionCookie(app, memberId);

  // The busy thread: started by staff (approved at once), members 2..2001 have replied in it.
  const thread = (await post(baseUrl, api.createThread.url, await cookieOf(ADMIN), {
    title: 'A busy thread',
    content: 'Everyone replies here.',
    categoryId: 1,
  })) as { id: number };
  log(`fan-out: ${PARTICIPANTS} participants join thread ${thread.id}`);
  const joins = limit(8);
  const since = new Date();
  await Promise.all(
    Array.from({ length: PARTICIPANTS }, (_, i) => joins.add(() => joinThread(app, thread.id, i + 2, since))),
  );

  log(`fan-out: ${ONLINE} participants online (${HOLDERS} holder processes)`);
  const online = Array.from({ length: ONLINE }, (_, i) => i + 2);
  const cookies = await Promise.all(online.map(cookieOf));
  const share = Math.ceil(ONLINE / HOLDERS);
  for (let h = 0; h < HOLDERS; h++) holders.push(holdBells(baseUrl, cookies.slice(h * share, (h + 1) * share)));
  const opened = (await Promise.all(holders.map((holder) => holder.ready))).reduce((sum, r) => sum + r.open, 0);
  await app.settled();
  log(`fan-out: ${opened} sockets open`);

  let nextReplier = PARTICIPANTS + 2;
  /** One reply by a member who has not replied yet: its POST's start and its replier's name. */
  async function replyOnce(): Promise<{ actor: string; start: number }> {
    const replier = nextReplier++;
    const cookie = await cookieOf(replier);
    const start = wallClock();
    await post(baseUrl, pathOf(api.reply.url, { id: thread.id }), cookie, { content: `Reply by ${replier}` });
    return { actor: `member${replier}`, start };
  }
  /** Per reply, the delay of its last notification, and how many online participants never heard of it. */
  async function lastArrivals(replies: { actor: string; start: number }[]) {
    const answers = await Promise.all(
      holders.map((h) =>
        h.arrivals(
          replies.map((r) => r.actor),
          WAIT_MS,
        ),
      ),
    );
    const missed = answers.reduce((sum, answer) => sum + answer.missed, 0);
    const delays = replies.map(({ actor, start }) => {
      const arrivals = answers.flatMap((answer) => answer.byActor[actor] ?? []);
      // A reply some never heard of within the wait has no last arrival: it counts as never.
      const last = arrivals.length < ONLINE ? Number.POSITIVE_INFINITY : Math.max(...arrivals) - start;
      return { last, first: Math.min(...arrivals) - start, count: arrivals.length };
    });
    return { delays, missed };
  }

  // (a) One reply at a time; the first one separately (the first fan-out after a start).
  log(`fan-out: (a) 1 + ${SINGLE_REPLIES} single replies`);
  const [first] = (await lastArrivals([await replyOnce()])).delays;
  const singles: number[] = [];
  const rates: number[] = [];
  let singleMissed = 0;
  for (let i = 0; i < SINGLE_REPLIES; i++) {
    const { delays, missed } = await lastArrivals([await replyOnce()]);
    singleMissed += missed;
    for (const d of delays) {
      singles.push(d.last);
      if (Number.isFinite(d.last)) rates.push(d.count / (d.last / 1000));
    }
  }
  const p99 = percentile(singles, 99);
  rows.push([
    `(a) reply -> last of ${ONLINE} online bells (${singles.length} replies, ${singleMissed} missed)`,
    `p50 ${ms(percentile(singles, 50))}, p99 ${ms(p99)}; first reply ${ms(first?.last ?? Number.NaN)}`,
    `p99 <= ${GOAL_MS} ms`,
    verdict(p99 <= GOAL_MS && singleMissed === 0),
  ]);
  rows.push([
    '(a) online bells told a second, POST to last (median)',
    `${Math.round(percentile(rates, 50))}/s`,
    '>= 2000/s, or no per-member write',
    '',
  ]);

  // (b) One reply a second, each sent on its second whether or not the last one's notifications are out.
  log(`fan-out: (b) one reply a second for ${PACED_SECONDS} s`);
  const began = performance.now();
  const sent: Promise<{ actor: string; start: number }>[] = [];
  for (let i = 0; i < PACED_SECONDS; i++) {
    await sleep(Math.max(0, began + i * 1000 - performance.now()));
    sent.push(replyOnce());
  }
  const { delays, missed } = await lastArrivals(await Promise.all(sent));
  const lasts = delays.map((d) => d.last);
  const tenth = Math.max(1, Math.floor(lasts.length / 10));
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  const early = mean(lasts.slice(0, tenth));
  const late = mean(lasts.slice(-tenth));
  const max = Math.max(...lasts);
  // A backlog: the last replies wait behind the earlier ones' deliveries, so the delay grows over the run.
  const backlog = max > GOAL_MS && late > early + GOAL_MS / 2;
  rows.push([
    `(b) 1 reply/s for ${PACED_SECONDS} s: last bell per reply (${missed} missed)`,
    `max ${ms(max)}, p99 ${ms(percentile(lasts, 99))}, p50 ${ms(percentile(lasts, 50))}`,
    `max <= ${GOAL_MS} ms`,
    verdict(max <= GOAL_MS && missed === 0),
  ]);
  rows.push([
    `(b) backlog: mean of the first / last ${tenth} replies`,
    `${ms(early)} / ${ms(late)}${backlog ? ', grows' : ', none'}`,
    'none',
    verdict(!backlog && missed === 0),
  ]);

  // (c) What a told member's next look at the bell's list costs: the items were stored without their buckets.
  const looks: [number[], number[]] = [[], []];
  for (const memberId of online.slice(0, LOOKERS)) {
    for (const times of looks) {
      const start = performance.now();
      const response = await fetch(`${baseUrl}${api.notifications.url}`, {
        headers: { cookie: await cookieOf(memberId) },
      });
      if (!response.ok) throw new Error(`GET ${api.notifications.url} answered ${response.status}`);
      await response.json();
      times.push(performance.now() - start);
    }
  }
  const [firstLook, secondLook] = looks;
  rows.push([
    `(c) GET ${api.notifications.url} afterwards, ${LOOKERS} told members: first look / second`,
    `p50 ${ms(percentile(firstLook, 50))}, max ${ms(Math.max(...firstLook))} / p50 ${ms(percentile(secondLook, 50))}, max ${ms(Math.max(...secondLook))}`,
    '',
    '',
  ]);
} finally {
  await Promise.all(holders.map((holder) => holder.stop()));
  await app.close();
  await database.stop();
}

process.stdout.write(
  `Fan-out bench, ${new Date().toISOString()}, database ${database.backend}: a thread with ${PARTICIPANTS} participants, ${ONLINE} online\n\n`,
);
process.stdout.write(formatTable(rows));
process.exit(0);
