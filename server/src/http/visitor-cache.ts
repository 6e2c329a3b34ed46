import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Visitors' answers may be served from the visitor cache. */
    visitorCache?: boolean;
  }
}

/** Spread into a forum read's route options: `app.route({ ...fromContract(api.x), config: VISITOR_CACHED, … })`. */
export const VISITOR_CACHED = { visitorCache: true } as const;

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Search queries make URLs unbounded; past this many live answers, new ones are not kept. */
const MAX_ENTRIES = 1000;

interface Entry {
  body: string;
  expires: number;
}

/** The one request computing an answer, and the visitors who asked meanwhile waiting for it. */
interface Computation {
  generation: number;
  done: Promise<string | null>;
  finish(body: string | null): void;
}

/**
 * Every visitor (no session) sees the same forum, so their reads of it are answered from memory
 * for up to VISITOR_CACHE_MS. Any change this process makes (a domain event, or any write request
 * that succeeded) empties the cache at once; a change made by another process shows after the TTL.
 * One request computes a missing or expired answer while the others wait for it, or get the expired
 * one meanwhile, so a burst of visitors costs one database read. Members' answers depend on who
 * asks (holdings, private threads) and are never cached.
 */
export const visitorCachePlugin = fp(async (app: FastifyInstance) => {
  const ttlMs = app.config.VISITOR_CACHE_MS;
  if (ttlMs === 0) return;
  const entries = new Map<string, Entry>();
  const computing = new Map<string, Computation>();
  const computedBy = new WeakMap<FastifyRequest, Computation>();
  // A computation that began before a change must not be kept after it.
  let generation = 0;

  const clear = () => {
    generation += 1;
    entries.clear();
    computing.clear();
  };
  app.events.onEvery(clear);

  const cacheable = (request: FastifyRequest) =>
    request.method === 'GET' && request.viewer === null && request.routeOptions.config.visitorCache === true;
  const send = (reply: FastifyReply, body: string) => reply.type('application/json; charset=utf-8').send(body);

  function startComputing(request: FastifyRequest): void {
    let finish: (body: string | null) => void = () => {};
    const done = new Promise<string | null>((resolve) => {
      finish = resolve;
    });
    const computation = { generation, done, finish };
    computing.set(request.url, computation);
    computedBy.set(request, computation);
  }

  function finishComputing(request: FastifyRequest, body: string | null): void {
    const computation = computedBy.get(request);
    if (!computation) return;
    computedBy.delete(request);
    if (computing.get(request.url) === computation) computing.delete(request.url);
    const now = Date.now();
    if (entries.size >= MAX_ENTRIES) {
      for (const [url, entry] of entries) if (entry.expires <= now) entries.delete(url);
    }
    if (body !== null && computation.generation === generation && entries.size < MAX_ENTRIES) {
      entries.set(request.url, { body, expires: now + ttlMs });
    }
    computation.finish(body);
  }

  // After the session hook (registered before this plugin) has said who asks; before validation,
  // which an answer kept for this very URL has passed already.
  app.addHook('onRequest', async (request, reply) => {
    if (!cacheable(request)) return;
    const entry = entries.get(request.url);
    if (entry && entry.expires > Date.now()) return send(reply, entry.body);
    const pending = computing.get(request.url);
    if (!pending) return startComputing(request);
    if (entry) return send(reply, entry.body);
    const body = await pending.done;
    if (body !== null) return send(reply, body);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    finishComputing(request, reply.statusCode === 200 && typeof payload === 'string' ? payload : null);
    return payload;
  });

  app.addHook('onResponse', async (request, reply) => {
    finishComputing(request, null);
    if (UNSAFE_METHODS.has(request.method) && reply.statusCode < 400) clear();
  });

  app.addHook('onRequestAbort', async (request) => finishComputing(request, null));
});
