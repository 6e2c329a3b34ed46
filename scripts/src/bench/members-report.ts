import { type JsFigure, jsRouteRows } from './client-size.ts';
import { SIZES, type SizeName } from './dataset.ts';
import type { HttpFigure } from './http.ts';
import { MEMBER_ROUTES, REQUEST_LIMIT_MS, type RouteFigure } from './member-routes.ts';
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
}

const P99_GOAL_MS = 100;
const GROWTH_GOAL = 2;
const START_GOAL_S = 5;
const LOAD_GOAL = 0.25;
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

/** L/S, and whether it is exact or (L abandoned at the limit) a lower bound. */
function growth(results: Map<SizeName, SizeFigures>, name: string): { ratio: number; atLeast: boolean } | undefined {
  const s = p50Of(results.get('S')?.routes.get(name));
  const l = results.get('L')?.routes.get(name);
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

/** Each goal of issue #14 for one route, with pass, MISS, or "not run" when its size was not measured. */
function routeGoals(name: string, p50GoalMs: number, results: Map<SizeName, SizeFigures>): string {
  const m = results.get('M')?.routes.get(name);
  const grew = growth(results, name);
  const clean = m !== undefined && m.failures.length === 0 && m.ms.length > 0;
  return [
    `M p50 <= ${p50GoalMs}: ${m ? verdict(clean && percentile(m.ms, 50) <= p50GoalMs) : 'not run'}`,
    `M p99 <= ${P99_GOAL_MS}: ${m ? verdict(clean && percentile(m.ms, 99) <= P99_GOAL_MS) : 'not run'}`,
    `L/S <= ${GROWTH_GOAL}: ${!grew ? (results.has('L') ? 'not measured' : 'not run') : grew.atLeast && grew.ratio <= GROWTH_GOAL ? 'unknown' : verdict(grew.ratio <= GROWTH_GOAL)}`,
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

/** Issue #14's table: one column per size, the growth L/S, and each goal's verdict. */
export function memberRows(results: Map<SizeName, SizeFigures>, pages: Map<string, JsFigure> | null): string[][] {
  const names: SizeName[] = ['S', 'M', 'L'];
  const at = (name: SizeName) => results.get(name);
  const rows: string[][] = [['', 'S', 'M', 'L', 'L/S', 'goals (issue #14)']];
  rows.push(["dataset written (the app's layout)", ...names.map((n) => timed(at(n)?.written)), '', '']);
  rows.push(['first start (builds the indexes)', ...names.map((n) => timed(at(n)?.firstStart)), '', '']);
  const start = at('L')?.start;
  const startVerdict = start === undefined ? 'not run' : verdict('seconds' in start && start.seconds <= START_GOAL_S);
  rows.push([
    'second start (indexes in place)',
    ...names.map((n) => timed(at(n)?.start)),
    '',
    `L <= ${START_GOAL_S} s: ${startVerdict}`,
  ]);
  rows.push(['dataset reads as written (routes checked)', ...names.map((n) => checkCell(at(n)?.checked)), '', '']);
  rows.push(['route: p50 / p99 ms (samples in time)', '', '', '', '', '']);
  for (const route of MEMBER_ROUTES) {
    const grew = growth(results, route.name);
    rows.push([
      route.name,
      ...names.map((n) => routeCell(at(n)?.routes.get(route.name), at(n))),
      grew ? `${grew.atLeast ? '> ' : ''}${grew.ratio.toFixed(1)}x` : '-',
      routeGoals(route.name, route.p50GoalMs, results),
    ]);
  }
  const loads = names.map((n): [string, boolean | undefined] => {
    const load = at(n)?.load;
    return load ? loadCell(load) : [unstarted(at(n)), undefined];
  });
  const measured = loads.flatMap(([, pass]) => (pass === undefined ? [] : [pass]));
  rows.push([
    '20 members on GET /api/threads',
    ...loads.map(([cell]) => cell),
    '',
    `>= ${LOAD_GOAL * 100}% of bare at every size: ${measured.length ? verdict(measured.every(Boolean)) : 'not run'}`,
  ]);
  if (!pages) return [...rows, ['JS per route: NOT MEASURED (no client build)']];
  rows.push(['JS before a route renders (gzip)', '', '', '', '', '']);
  for (const [label, figure, goal] of jsRouteRows(pages))
    rows.push([label ?? '', figure ?? '', '', '', '', goal ?? '']);
  return rows;
}
