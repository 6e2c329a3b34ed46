/**
 * `npm run bench -- --lighthouse [--runs N] [--pages /,/forums] [--reports DIR] [--data DIR]`: issue #26 item 7. The
 * product on the members bench's dataset at M (bench/members-product.ts), Lighthouse's mobile preset (simulated slow
 * 4G, 4x CPU slowdown) on every page a member reaches, as a visitor where the page is public, as the reader (a
 * verified member with 2,000 messages, a ledger and premium purchases) and, for the console, as staff; N runs each
 * (3 by default) reported by their median run, each row against its goals. Then the JS each route needs before it
 * renders. Progress on stderr, the table on stdout.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { jsRouteRows, pageJsGzipBytes } from './bench/client-size.ts';
import { ADMIN, HOT_REPLIES, HOT_THREAD, READER, SIZES } from './bench/dataset.ts';
import { startMembersProduct } from './bench/members-product.ts';
import { sessionCookie } from './bench/realtime.ts';
import { formatTable } from './bench/table.ts';
import { buildClientIfNeeded, CLIENT_DIST } from './client-build.ts';

const SCORE_GOAL = 95;
/** The thread page's goal of its own: its 200 replies must not block the main thread. */
const THREAD_TBT_GOAL_MS = 150;
const THREAD_PAGE = `/thread/${HOT_THREAD}`;
type Viewer = 'visitor' | 'member' | 'staff';
/** Every page a member reaches, and who loads it: visitors where the page is public, staff for the console. */
const EVERY_PAGE: [string, Viewer[]][] = [
  ['/', ['visitor', 'member']],
  ['/forums', ['visitor', 'member']],
  ['/category/1', ['visitor', 'member']],
  [THREAD_PAGE, ['visitor', 'member']],
  ['/messages', ['member']],
  ['/wallet', ['member']],
  ['/transactions', ['member']],
  ['/profile', ['member']],
  ['/auth', ['visitor']],
  ['/admin', ['staff']],
  // The thread of /thread/1 as its editor sees it: staff edit any thread (the member bench's reader wrote none).
  ['/edit-thread/1', ['staff']],
  ['/privacy', ['visitor', 'member']],
];
const argument = (name: string) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
};
const RUNS = Math.max(1, Number(argument('--runs') ?? 3) || 3);
/** `--reports DIR`: every run's whole Lighthouse report (JSON) is written there, to read its traces and diagnostics. */
const REPORTS = argument('--reports');
/** `--data DIR`: the dataset is kept there, written by the first run and reused by the next (to iterate quickly). */
const DATA = argument('--data');
/** `--pages /,/forums`: only these pages (with their viewers from the list above; any other path as a member). */
const asked = argument('--pages')?.split(',');
const PAGES: [string, Viewer[]][] = asked
  ? asked.map((path) => [path, EVERY_PAGE.find(([known]) => known === path)?.[1] ?? ['member']])
  : EVERY_PAGE;
/** Debian's Chromium, headless, with nothing of its own on the network while it measures. */
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// The server logs to stdout (a sweep that fails as the app closes, say); sent to stderr with the progress, stdout
// carries the table alone (pino writes through process.stdout.write once it has been replaced, instead of to fd 1).
const printOut = process.stdout.write.bind(process.stdout);
process.stdout.write = process.stderr.write.bind(process.stderr) as typeof process.stdout.write;
const log = (line: string) => process.stderr.write(`${line}\n`);
const seconds = (ms: number | undefined) => (ms === undefined ? '-' : `${(ms / 1000).toFixed(2)} s`);

buildClientIfNeeded();
const loadAtStart = loadavg()[0] ?? 0;
const product = await startMembersProduct(SIZES.M, log, DATA);
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: CHROME_FLAGS,
});
const rows: string[][] = [['page', 'as', 'performance', 'FCP', 'LCP', 'TBT', 'CLS', 'goals', '']];
try {
  const headers: Record<Viewer, Record<string, string> | undefined> = {
    visitor: undefined,
    member: { Cookie: await sessionCookie(product.app, READER) },
    staff: { Cookie: await sessionCookie(product.app, ADMIN) },
  };
  for (const [path, viewers] of PAGES) {
    const tbtGoal = path === THREAD_PAGE ? THREAD_TBT_GOAL_MS : undefined;
    const goals = `>= ${SCORE_GOAL}${tbtGoal ? `, TBT <= ${tbtGoal} ms` : ''}`;
    for (const as of viewers) {
      const extraHeaders = headers[as];
      const runs = [];
      const failures: string[] = [];
      for (let run = 1; run <= RUNS; run++) {
        log(`lighthouse: ${path} as ${as}, run ${run} of ${RUNS}`);
        const result = await lighthouse(`${product.url}${path}`, {
          port: chrome.port,
          onlyCategories: ['performance'],
          logLevel: 'error',
          ...(extraHeaders ? { extraHeaders } : {}),
        });
        if (REPORTS && result) {
          mkdirSync(REPORTS, { recursive: true });
          const name = `${path.replaceAll('/', '_') || '_'}-${as}-${run}.json`;
          writeFileSync(join(REPORTS, name), JSON.stringify(result.lhr));
        }
        const error = result?.lhr.runtimeError;
        // A run the page never painted in (under load, say) is reported, not averaged.
        if (result && !error && result.lhr.audits['first-contentful-paint']?.numericValue !== undefined) {
          runs.push(result.lhr);
        } else failures.push(error?.code ?? 'no result');
      }
      if (runs.length === 0) {
        rows.push([path, as, `NOT MEASURED (${failures.join(', ')})`, '', '', '', '', goals, 'MISS']);
        continue;
      }
      const lhr = computeMedianRun(runs);
      const score = Math.round((lhr.categories.performance?.score ?? 0) * 100);
      const metric = (id: string) => lhr.audits[id]?.numericValue;
      const tbt = Math.round(metric('total-blocking-time') ?? 0);
      const met = score >= SCORE_GOAL && (tbtGoal === undefined || tbt <= tbtGoal);
      rows.push([
        path,
        as,
        String(score),
        seconds(metric('first-contentful-paint')),
        seconds(metric('largest-contentful-paint')),
        `${tbt} ms`,
        (metric('cumulative-layout-shift') ?? 0).toFixed(3),
        goals,
        `${met ? 'pass' : 'MISS'}${failures.length ? ` (${failures.length} run(s) failed: ${failures.join(', ')})` : ''}`,
      ]);
    }
  }
} finally {
  chrome.kill();
  await product.stop();
}

const machine = `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GB`;
printOut(
  `Enclave Lighthouse bench, ${new Date().toISOString()}, ${machine}, load average ${loadAtStart.toFixed(1)} at start ` +
    `and ${(loadavg()[0] ?? 0).toFixed(1)} at end, Node ${process.version}, Lighthouse 12 mobile preset, ` +
    `median of ${RUNS} runs\n` +
    `M data (${SIZES.M.threads} threads, ${SIZES.M.replies} replies, ${SIZES.M.members} members, ${SIZES.M.messages} messages; ` +
    `${THREAD_PAGE} has ${HOT_REPLIES} replies); member: member ${READER}, staff: member ${ADMIN}\n\n${formatTable(rows)}\nJS before a route renders (gzip)\n${formatTable(jsRouteRows(pageJsGzipBytes(CLIENT_DIST)))}`,
);
process.exit(0);
