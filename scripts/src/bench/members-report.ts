import { type JsFigure, jsRouteRows } from './client-size.ts';
import { type ColdStartFigures, coldStartRows } from './cold-start.ts';
import { CONCURRENT_GOAL, type ConcurrentFigures, concurrentScenarios } from './concurrent-writes.ts';
import { SIZES, type SizeName } from './dataset.ts';
import type { HttpFigure } from './http.ts';
import { MEMBER_ROUTES, type MemberRoute, REQUEST_LIMIT_MS, type RouteFigure } from './member-routes.ts';
import { percentile } from './sockets.ts';

/** A phase's time, or why it has none. */
export type Timed = { seconds: number } | { error: string };

export interface SizeFigures {
  written?: Timed;
  /** The first start on the fresh dataset: it builds the indexes. */
  firstStart?: Timed;
  /** The second start, indexes in place: what a restart costs, issue #14's start-up goal. */
  start?: Timed;
  /** The member routes read the dataset as written (bench/dataset-check.ts). */
  checked?: Timed;
  routes: Map<string, RouteFigure>;
  load?: { members: HttpFigure; bare: HttpFigure } | { error: string };
  /** Issue #26's 20 writers at once (measured at M only: its goals are M's). */
  concurrent?: ConcurrentFigures;
  /** Issue #26 items 4 and 5: a restart in a process of its own, the forum index's heap, the RSS. */
  coldStart?: ColdStartFigures;
}

/** Issue #26: from S to the largest size run (XL when run), no route slows by more than this. */
const GROWTH_GOAL = 1.5;
/** Issue #26: a restart answers within 2 s at L and 5 s at XL. */
const START_GOAL_S: Partial<Record<SizeName, number>> = { L: 2, XL: 5 };
const LOAD_GOAL = 0.3;
const ORDER: SizeName[] = ['S', 'M', 'L', 'XL'];
const verdict = (pass: boolean) => (pass ? 'pass' : 'MISS');
const ms = (value: number) => (value >= 1000 ? `${Math.round(value).toLocaleString('en')}` : value.toFixed(1));
const timed = (figure: Timed | undefined) =>
  figure === undefined ? '-' : 'error' in figure ? `FAILED: ${figure.error}` : `${figure.seconds.toFixed(1)} s`;
/** A size whose app did not start has no route figures: say so rather than leave the cell blank. */
const unstarted = (figures: SizeFigures | undefined) =>
  figures?.start !== undefined && 'error' in figures.start
    ? 'not measured (no start)'
    : figures?.checked !== undefined && 'error' in figures.checked
      ? 'not measured (dataset reads wrong)'
      : '-';
const checkCell = (figure: Timed | undefined) =>
  figure === undefined ? '-' : 'error' in figure ? `FAILED: ${figure.error}` : `pass (${figure.seconds.toFixed(1)} s)`;

export function describeSize(name: SizeName): string {
  const { threads, replies, members, messages } = SIZES[name];
  const k = (n: number) => `${n / 1000}k`;
  return `${name} = ${k(threads)} threads / ${k(replies)} replies / ${k(members)} members / ${k(messages)} messages`;
}

const p50Of = (figure: RouteFigure | undefined) => (figure?.ms.length ? percentile(figure.ms, 50) : undefined);
/** The p50 at L, or the limit when L was abandoned there (a lower bound): either way, what L/S is compared with. */
const p50AtLeast = (figure: RouteFigure | undefined) =>
  p50Of(figure) ?? (figure?.overLimit ? REQUEST_LIMIT_MS : undefined);

/** The largest size measured, against which S is compared. */
const largestOf = (results: Map<SizeName, SizeFigures>) => ORDER.filter((name) => results.has(name)).at(-1);

/** Largest/S, and whether it is exact or (the largest abandoned at the limit) a lower bound. */
function growth(results: Map<SizeName, SizeFigures>, name: string): { ratio: number; atLeast: boolean } | undefined {
  const largest = largestOf(results);
  if (largest === undefined || largest === 'S') return undefined;
  const s = p50Of(results.get('S')?.routes.get(name));
  const l = results.get(largest)?.routes.get(name);
  const lp50 = p50AtLeast(l);
  if (s === undefined || lp50 === undefined) return undefined;
  return { ratio: lp50 / s, atLeast: p50Of(l) === undefined };
}

function routeCell(figure: RouteFigure | undefined, size: SizeFigures | undefined): string {
  if (!figure) return unstarted(size);
  const failed = figure.failures.length ? `, ${figure.failures.length} failed (${figure.failures[0]})` : '';
  if (figure.overLimit && !figure.ms.length) return `over ${ms(REQUEST_LIMIT_MS)} (abandoned)`;
  if (!figure.ms.length) return `no sample in ${figure.seconds.toFixed(0)} s${failed}`;
  const p50 = ms(percentile(figure.ms, 50));
  const p99 = ms(percentile(figure.ms, 99));
  return `${p50} / ${p99} (${figure.ms.length} in ${figure.seconds.toFixed(0)} s)${failed}`;
}

/** Each goal for one route, with pass, MISS, or "not run" when its size was not measured. */
function routeGoals(route: MemberRoute, results: Map<SizeName, SizeFigures>): string {
  const m = results.get('M')?.routes.get(route.name);
  const grew = growth(results, route.name);
  const clean = m !== undefined && m.failures.length === 0 && m.ms.length > 0;
  const largest = largestOf(results) ?? 'XL';
  return [
    `M p50 <= ${route.goal.p50}: ${m ? verdict(clean && percentile(m.ms, 50) <= route.goal.p50) : 'not run'}`,
    `M p99 <= ${route.goal.p99}: ${m ? verdict(clean && percentile(m.ms, 99) <= route.goal.p99) : 'not run'}`,
    `${largest}/S <= ${GROWTH_GOAL}: ${!grew ? 'not run' : grew.atLeast && grew.ratio <= GROWTH_GOAL ? 'unknown' : verdict(grew.ratio <= GROWTH_GOAL)}`,
  ].join(', ');
}

function loadCell(load: NonNullable<SizeFigures['load']>): [string, boolean] {
  if ('error' in load) return [`FAILED: ${load.error}`, false];
  const share = load.members.requestsPerSecond / load.bare.requestsPerSecond;
  const errors = load.members.errors ? `, ${load.members.errors} errors` : '';
  const cell =
    `${load.members.requestsPerSecond.toFixed(1)} req/s (${load.members.completed} in 5 s${errors}), ` +
    `${(share * 100).toFixed(1)}% of bare (${Math.round(load.bare.requestsPerSecond)} req/s)`;
  return [cell, share >= LOAD_GOAL && load.members.errors === 0];
}

/** A concurrent scenario's cell and whether it met issue #26's goal (no failure, p50 and p99 within). */
function concurrentCell(ms: number[], failures: string[]): [string, boolean] {
  if (ms.length === 0) return [`no answer, ${failures.length} failed (${failures[0] ?? '-'})`, false];
  const p50 = percentile(ms, 50);
  const p99 = percentile(ms, 99);
  const failed = failures.length ? `, ${failures.length} failed (${failures[0]})` : '';
  return [
    `${p50.toFixed(1)} / ${p99.toFixed(1)} (${ms.length} samples${failed})`,
    failures.length === 0 && p50 <= CONCURRENT_GOAL.p50 && p99 <= CONCURRENT_GOAL.p99,
  ];
}

/** Issue #26's section of 20 writers at once, at M: a row per scenario, then the ledger's reconciliation. */
function concurrentRows(figures: ConcurrentFigures | undefined, width: number): string[][] {
  const pad = (cells: string[]) => [...cells, ...Array(Math.max(0, width - cells.length)).fill('')];
  const goal = `p50 <= ${CONCURRENT_GOAL.p50}, p99 <= ${CONCURRENT_GOAL.p99}, no error`;
  const rows = [pad(['20 members writing at once, at M: p50 / p99 ms'])];
  for (const { name } of concurrentScenarios()) {
    const figure = figures?.scenarios.get(name);
    const [cell, pass] = figure ? concurrentCell(figure.ms, figure.failures) : ['not run', undefined];
    rows.push([...pad([name, cell]).slice(0, width - 1), `${goal}: ${pass === undefined ? 'not run' : verdict(pass)}`]);
  }
  const ledger = figures?.ledger;
  const [cell, pass] =
    ledger === undefined
      ? ['not run', undefined]
      : 'error' in ledger
        ? [`FAILED: ${ledger.error}`, false]
        : [
            `${ledger.problems.length} problems${ledger.problems[0] ? ` (${ledger.problems[0]})` : ''}, members' coins ${ledger.coinsBefore} before, ${ledger.coinsAfter} after`,
            ledger.problems.length === 0 && ledger.coinsBefore === ledger.coinsAfter,
          ];
  rows.push([
    ...pad(['ledger reconciled after them', cell]).slice(0, width - 1),
    `no problem, coins conserved: ${pass === undefined ? 'not run' : verdict(pass)}`,
  ]);
  return rows;
}

/** Issue #26's restart and memory rows (bench/cold-start.ts), a cell per size run. */
const restartRows = (results: Map<SizeName, SizeFigures>, names: SizeName[]) =>
  coldStartRows(
    names,
    names.map((name) => results.get(name)?.coldStart),
  );

/** The members bench's table: one column per size run, the growth to the largest, and each goal's verdict. */
export function memberRows(results: Map<SizeName, SizeFigures>, pages: Map<string, JsFigure> | null): string[][] {
  const names = ORDER.filter((name) => results.has(name));
  const largest = largestOf(results) ?? 'L';
  const at = (name: SizeName) => results.get(name);
  const blank = names.map(() => '');
  const rows: string[][] = [['', ...names, `${largest}/S`, 'goals (issues #14, #26)']];
  rows.push(["dataset written (the app's layout)", ...names.map((n) => timed(at(n)?.written)), '', '']);
  rows.push(['first start (builds the indexes)', ...names.map((n) => timed(at(n)?.firstStart)), '', '']);
  const startGoals = Object.entries(START_GOAL_S).map(([name, goal]) => {
    const start = at(name as SizeName)?.start;
    return `${name} <= ${goal} s: ${start === undefined ? 'not run' : verdict('seconds' in start && start.seconds <= goal)}`;
  });
  rows.push(['second start (indexes in place)', ...names.map((n) => timed(at(n)?.start)), '', startGoals.join(', ')]);
  rows.push(['dataset reads as written (routes checked)', ...names.map((n) => checkCell(at(n)?.checked)), '', '']);
  rows.push(['route: p50 / p99 ms (samples in time)', ...blank, '', '']);
  for (const route of MEMBER_ROUTES) {
    const grew = growth(results, route.name);
    rows.push([
      route.name,
      ...names.map((n) => routeCell(at(n)?.routes.get(route.name), at(n))),
      grew ? `${grew.atLeast ? '> ' : ''}${grew.ratio.toFixed(1)}x` : '-',
      routeGoals(route, results),
    ]);
  }
  const loads = names.map((n): [string, boolean | undefined] => {
    const load = at(n)?.load;
    return load ? loadCell(load) : [unstarted(at(n)), undefined];
  });
  const measured = loads.flatMap(([, pass]) => (pass === undefined ? [] : [pass]));
  rows.push([
    '20 members on GET /api/threads (load from its own process)',
    ...loads.map(([cell]) => cell),
    '',
    `>= ${LOAD_GOAL * 100}% of bare at every size: ${measured.length ? verdict(measured.every(Boolean)) : 'not run'}`,
  ]);
  rows.push(...concurrentRows(at('M')?.concurrent, names.length + 3));
  rows.push(...restartRows(results, names));
  if (!pages) return [...rows, ['JS per route: NOT MEASURED (no client build)']];
  rows.push(['JS before a route renders (gzip)', ...blank, '', '']);
  for (const [label, figure, goal] of jsRouteRows(pages))
    rows.push([label ?? '', figure ?? '', ...blank.slice(1), '', goal ?? '']);
  return rows;
}
