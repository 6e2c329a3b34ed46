import type { FastifyReply } from 'fastify';

/**
 * A list's answer written once for everyone who gets the same items. The thread lists present each listed thread
 * as one frozen object per version, shared by every viewer the read gate answers the same for (threads/presenter.ts);
 * a page made of the very same objects as one already written is the same JSON, byte for byte. Under 20 members
 * at once, writing that JSON (the serializer, then measuring and copying the string out) was half of GET
 * /api/threads' time (issue #26); a page whose items changed, or that someone sees differently, is written anew.
 * Pages are kept by their first item, the most recently written at most `KEPT_PAGES` (some 60 KB each).
 */
const KEPT_PAGES = 256;
/** Pages starting with the same item kept at once: one list seen differently by a few kinds of viewer. */
const PAGES_PER_FIRST_ITEM = 4;

interface Written {
  items: readonly object[];
  bytes: Buffer;
}

const written = new Map<object, Written[]>();

const sameItems = (a: readonly object[], b: readonly object[]) =>
  a.length === b.length && a.every((item, i) => item === b[i]);

function keep(first: object, page: Written): void {
  const pages = [page, ...(written.get(first) ?? [])].slice(0, PAGES_PER_FIRST_ITEM);
  written.delete(first);
  written.set(first, pages);
  if (written.size > KEPT_PAGES) written.delete(written.keys().next().value as object);
}

/** Sends `items` (frozen, shared objects) with the route's own serializer, reusing the bytes of an identical page. */
export function sendSharedList(reply: FastifyReply, items: readonly object[]): FastifyReply {
  const first = items[0];
  if (first === undefined || !items.every(Object.isFrozen)) return reply.send(items);
  let page = written.get(first)?.find((candidate) => sameItems(candidate.items, items));
  if (!page) {
    // The routes' serializers (fast-json-stringify, http/serializer.ts) write strings.
    page = { items, bytes: Buffer.from(reply.serialize(items) as string) };
    keep(first, page);
  }
  return reply.type('application/json; charset=utf-8').send(page.bytes);
}
