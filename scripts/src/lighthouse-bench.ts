/**
 * `npm run bench -- --lighthouse [--runs N]`: issue #14's browser goal. The product on the demo data, Lighthouse's
 * mobile preset (simulated slow 4G, 4x CPU slowdown) on `/`, `/forums` and `/thread/1`, as a visitor and as a
 * signed-in member, N runs each (3 by default) reported by their median run; then the JS each route needs before
 * it renders. Progress on stderr, the table on stdout.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { jsRouteRows, pageJsGzipBytes } from './bench/client-size.ts';
import { startDemoProduct } from './bench/demo-product.ts';
import { sessionCookie } from './bench/realtime.ts';
import { formatTable } from './bench/table.ts';
import { buildClientIfNeeded, CLIENT_DIST } from './client-build.ts';

/** alice, a verified member of the demo data. */
const MEMBER_ID = 3;
const SCORE_GOAL = 90;
const runsAt = process.argv.indexOf('--runs');
const RUNS = Math.max(1, Number(runsAt >= 0 ? process.argv[runsAt + 1] : 3) || 3);
/** `--reports DIR`: every run's whole Lighthouse report (JSON) is written there, to read its traces and diagnostics. */
const reportsAt = process.argv.indexOf('--reports');
const REPORTS = reportsAt >= 0 ? process.argv[reportsAt + 1] : undefined;
/** `--pages /,/forums`: only these pages. */
const pagesAt = process.argv.indexOf('--pages');
const PAGES = pagesAt >= 0 ? (process.argv[pagesAt + 1] ?? '').split(',') : ['/', '/forums', '/thread/1'];
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

const log = (line: string) => process.stderr.write(`${line}\n`);
const seconds = (ms: number | undefined) => (ms === undefined ? '-' : `${(ms / 1000).toFixed(2)} s`);

buildClientIfNeeded();
const loadAtStart = loadavg()[0] ?? 0;
const product = await startDemoProduct(log);
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: CHROME_FLAGS,
});
const rows: string[][] = [['page', 'as', 'performance', 'FCP', 'LCP', 'TBT', 'CLS', `goal (>= ${SCORE_GOAL})`]];
try {
  const member = { Cookie: await sessionCookie(product.app, MEMBER_ID) };
  for (const path of PAGES) {
    for (const [as, extraHeaders] of [
      ['visitor', undefined],
      ['member', member],
    ] as const) {
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
        rows.push([path, as, `NOT MEASURED (${failures.join(', ')})`, '', '', '', '', 'MISS']);
        continue;
      }
      const lhr = computeMedianRun(runs);
      const score = Math.round((lhr.categories.performance?.score ?? 0) * 100);
      const metric = (id: string) => lhr.audits[id]?.numericValue;
      rows.push([
        path,
        as,
        String(score),
        seconds(metric('first-contentful-paint')),
        seconds(metric('largest-contentful-paint')),
        `${Math.round(metric('total-blocking-time') ?? 0)} ms`,
        (metric('cumulative-layout-shift') ?? 0).toFixed(3),
        `${score >= SCORE_GOAL ? 'pass' : 'MISS'}${failures.length ? ` (${failures.length} run(s) failed: ${failures.join(', ')})` : ''}`,
      ]);
    }
  }
} finally {
  chrome.kill();
  await product.stop();
}

const machine = `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GB`;
process.stdout.write(
  `Enclave Lighthouse bench, ${new Date().toISOString()}, ${machine}, load average ${loadAtStart.toFixed(1)} at start ` +
    `and ${(loadavg()[0] ?? 0).toFixed(1)} at end, Node ${process.version}, Lighthouse 12 mobile preset, ` +
    `median of ${RUNS} runs\n\n${formatTable(rows)}\nJS before a route renders (gzip)\n${formatTable(jsRouteRows(pageJsGzipBytes(CLIENT_DIST)))}`,
);
process.exit(0);
