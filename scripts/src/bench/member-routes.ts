import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { ADMIN, HOT_THREAD, READER } from './dataset.ts';
import { sessionCookie } from './realtime.ts';

/** Who sends a route's requests: the reader, staff, or (for writes) a different member each time, so no rate limit answers. */
type Signer = 'reader' | 'admin' | 'writers';

export interface MemberRoute {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  as: Signer;
  body?: (n: number) => unknown;
  /** Writes by the members of the write route before it (removing the reactions they added), not by new ones. */
  sameWriters?: boolean;
  /** At M, in ms: issue #26's for every read (p50 ≤ 10, p99 ≤ 50), issue #14's for writes (30, 100). */
  goal: { p50: number; p99: number };
}

const READ_GOAL = { p50: 10, p99: 50 };
const REACTING = `/api/reactions/thread/${HOT_THREAD}/heart`;
const WRITE_GOAL = { p50: 30, p99: 100 };

const read = (name: string, path: string, as: Signer = 'reader'): MemberRoute => ({
  name: `GET ${name}`,
  method: 'GET',
  path,
  as,
  goal: READ_GOAL,
});

/** Issue #14's table, in this order: reads first, so the writes do not grow what the reads measure. */
export const MEMBER_ROUTES: MemberRoute[] = [
  read('/api/threads', '/api/threads'),
  read('/api/threads?categoryId=3', '/api/threads?categoryId=3'),
  read('/api/categories', '/api/categories'),
  // A search no thread matches reads every thread's title, tags and content: the worst case.
  read('/api/threads?q= (search, no match)', '/api/threads?q=no-thread-says-this'),
  read('/api/threads/{id}', `/api/threads/${HOT_THREAD}`),
  read('/api/threads/{id}/posts (200 replies)', `/api/threads/${HOT_THREAD}/posts`),
  read('/api/messages (2,000 messages)', '/api/messages'),
  read('/api/user', '/api/user'),
  read('/api/transactions', '/api/transactions'),
  read('/api/admin/users', '/api/admin/users', 'admin'),
  read('/api/admin/stats', '/api/admin/stats', 'admin'),
  read('/api/admin/threads', '/api/admin/threads', 'admin'),
  // The editor's reads (issue #28): `@mem` suggests members by prefix (a member each time: a member may ask some 60 a
  // minute, as a person typing does); the preview cooks a draft and stores nothing.
  read('/api/users/suggestions?prefix=mem', '/api/users/suggestions?prefix=mem', 'writers'),
  {
    name: 'POST /api/preview',
    method: 'POST',
    path: '/api/preview',
    as: 'writers',
    body: (n) => ({ content: `# Draft ${n}\n\n- **bold**, _em_, \`code\`\n- [x] a task, @member${(n % 50) + 1}` }),
    goal: READ_GOAL,
  },
  {
    name: 'POST /api/messages',
    method: 'POST',
    path: '/api/messages',
    as: 'writers',
    body: (n) => ({ recipientId: READER, content: `Benchmark message, sample ${n}` }),
    goal: WRITE_GOAL,
  },
  {
    name: 'POST /api/threads/{id}/posts',
    method: 'POST',
    path: `/api/threads/${HOT_THREAD}/posts`,
    as: 'writers',
    // Formatted, with a mention (issue #28): the write goal holds for a reply that is cooked and tells someone.
    body: (n) => ({
      content: `**Benchmark** reply, sample ${n}: _formatted_, with \`code\`, [a link](https://example.org/) and @member${(n % 50) + 1}.`,
    }),
    goal: WRITE_GOAL,
  },
  {
    name: 'POST /api/threads',
    method: 'POST',
    path: '/api/threads',
    as: 'writers',
    body: (n) => ({ title: `Benchmark thread, sample ${n}`, content: 'A new benchmark thread.', categoryId: 3 }),
    goal: WRITE_GOAL,
  },
  // Reactions (issue #28): 200 members add a heart to the hot thread, its replies' list of changes, then take it back.
  { name: 'PUT /api/reactions/thread/{id}/heart', method: 'PUT', path: REACTING, as: 'writers', goal: WRITE_GOAL },
  read('/api/reactions/thread/{id}/heart (who reacted)', REACTING),
  read('/api/threads/{id}/posts (200 replies, after 200 reactions)', `/api/threads/${HOT_THREAD}/posts`),
  {
    name: 'DELETE /api/reactions/thread/{id}/heart',
    method: 'DELETE',
    path: REACTING,
    as: 'writers',
    sameWriters: true,
    goal: WRITE_GOAL,
  },
];

const SAMPLES = 200;
/** Per route, after the warm-up: sampling stops at 200 samples or once this much time has passed. */
const ROUTE_BUDGET_MS = 120_000;
/**
 * A request that takes longer is abandoned rather than stalling the run (the route is then reported as
 * over this limit). The server still finishes it, so the next route may be measured a little high.
 */
export const REQUEST_LIMIT_MS = 60_000;
/**
 * Writers are members 10, 11, … (the reader and the group-buy contributors are below), a new range per write route,
 * taken in turn when the dataset has fewer members; each writes from an address of its own (the server trusts one
 * proxy hop), so no per-address limit (20 new threads in 10 minutes) answers.
 */
const FIRST_WRITER = 10;
const WRITERS_PER_ROUTE = SAMPLES + 10;
const addressOf = (member: number) => `10.${(member >> 16) & 255}.${(member >> 8) & 255}.${member & 255}`;

export interface RouteFigure {
  ms: number[];
  seconds: number;
  failures: string[];
  /** A request was abandoned at REQUEST_LIMIT_MS: the route takes at least that long. */
  overLimit: boolean;
}

function requester(app: FastifyInstance, baseUrl: string, route: MemberRoute, routeIndex: number, members: number) {
  const ranges = MEMBER_ROUTES.filter((r, i) => r.as === 'writers' && !r.sameWriters && i < routeIndex).length;
  const writers = (ranges - (route.sameWriters ? 1 : 0)) * WRITERS_PER_ROUTE;
  const writer = (n: number) => FIRST_WRITER + ((writers + n) % (members - FIRST_WRITER));
  // The member signs in first (a writer's session is new), then the request alone is timed.
  return async (n: number) => {
    const member = route.as === 'reader' ? READER : route.as === 'admin' ? ADMIN : writer(n);
    const cookie = await sessionCookie(app, member);
    return async () => {
      const response = await fetch(`${baseUrl}${route.path}`, {
        method: route.method,
        headers: {
          cookie,
          'x-requested-with': 'bench',
          'x-forwarded-for': addressOf(member),
          ...(route.body && { 'content-type': 'application/json' }),
        },
        body: route.body ? JSON.stringify(route.body(n)) : undefined,
        signal: AbortSignal.timeout(REQUEST_LIMIT_MS),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${response.status} ${text.slice(0, 80)}`);
    };
  };
}

/**
 * One request at a time: a warm-up (not counted: it pays what a process does once, such as the first
 * numeric id's read), then up to 200 samples within the route's time budget, at least one. A request
 * abandoned at the limit ends the route: another would be abandoned too.
 */
export async function sampleRoute(
  app: FastifyInstance,
  baseUrl: string,
  route: MemberRoute,
  routeIndex: number,
  members: number,
): Promise<RouteFigure> {
  const send = requester(app, baseUrl, route, routeIndex, members);
  const began = performance.now();
  const figure: RouteFigure = { ms: [], seconds: 0, failures: [], overLimit: false };
  const timed = async (n: number): Promise<number | null> => {
    try {
      const request = await send(n);
      const start = performance.now();
      await request();
      return performance.now() - start;
    } catch (error) {
      figure.overLimit = error instanceof Error && error.name === 'TimeoutError';
      figure.failures.push(error instanceof Error ? error.message : String(error));
      return null;
    }
  };
  await timed(0);
  const deadline = performance.now() + ROUTE_BUDGET_MS;
  for (let n = 1; n <= SAMPLES && !figure.overLimit && (n === 1 || performance.now() < deadline); n++) {
    const took = await timed(n);
    if (took !== null) figure.ms.push(took);
  }
  figure.seconds = (performance.now() - began) / 1000;
  return figure;
}
