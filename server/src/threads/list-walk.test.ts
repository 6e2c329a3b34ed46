import { api, type Thread } from '@enclave/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import type { CategoryRecord } from '../categories/category-model.ts';
import { createTestApp } from '../test/app.ts';
import { TestClient } from '../test/client.ts';
import { createMember } from '../test/factories.ts';
import { aCategory, aThread } from '../test/forum.ts';

/**
 * Lists walk the threads a viewer sees (those open to everyone, and the pending or private ones open to them), not
 * every thread: what they show, page after page, is still exactly what the thread page opens to that viewer, newest
 * first, in one category or all; and the approval queue walks its own threads, oldest first.
 */
let app: App;
let viewers: Record<'visitor' | 'invited' | 'writer' | 'other' | 'staff', TestClient>;
let categories: CategoryRecord[];
let threadIds: number[];

beforeAll(async () => {
  app = await createTestApp();
  categories = [await aCategory(app), await aCategory(app)];
  const [author, invited, writer, other] = await Promise.all([
    createMember(app),
    createMember(app),
    createMember(app),
    createMember(app),
  ]);
  const { client: staff } = await createMember(app, { isAdmin: true });
  const visitor = new TestClient(app);
  viewers = { visitor, invited: invited.client, writer: writer.client, other: other.client, staff };
  threadIds = [];
  // Open, pending and private threads interleaved in both categories, so each page mixes them.
  for (let i = 0; i < 24; i++) {
    const categoryId = (categories[i % 2] as CategoryRecord).id;
    const kind = i % 4;
    const thread =
      kind === 0
        ? await aThread(app, author.user, { categoryId })
        : kind === 1
          ? await aThread(app, writer.user, { categoryId }, { approved: false })
          : kind === 2
            ? await aThread(app, author.user, { categoryId, isPrivate: true, allowedUserIds: [invited.user.id] })
            : await aThread(app, other.user, { categoryId, isPrivate: true, allowedUserIds: [writer.user.id] });
    threadIds.push(thread.id);
  }
});

/** Every page of the list, three threads a page, following `before`. */
async function walked(client: TestClient, categoryId?: number): Promise<number[]> {
  const ids: number[] = [];
  for (;;) {
    const query: Record<string, string> = { limit: '3' };
    if (categoryId !== undefined) query.categoryId = String(categoryId);
    const last = ids.at(-1);
    if (last !== undefined) query.before = String(last);
    const response = await client.call(api.threads, { query });
    expect(response.statusCode).toBe(200);
    const page = (response.json() as Thread[]).map((thread) => thread.id);
    if (page.length === 0) return ids;
    ids.push(...page);
  }
}

/** The threads (of this test) the thread page opens to the client, newest first. */
async function opened(client: TestClient, categoryId?: number): Promise<number[]> {
  const open: number[] = [];
  for (const id of [...threadIds].reverse()) {
    const response = await client.call(api.thread, { params: { id } });
    if (response.statusCode !== 200) continue;
    if (categoryId === undefined || (response.json() as Thread).categoryId === categoryId) open.push(id);
  }
  return open;
}

const ours = (ids: number[]) => ids.filter((id) => threadIds.includes(id));

describe('GET /api/threads, page after page', () => {
  it('shows each viewer exactly the threads the thread page opens to them, newest first', async () => {
    for (const [name, client] of Object.entries(viewers)) {
      for (const categoryId of [undefined, ...categories.map((category) => category.id)]) {
        const where = `${name} in ${categoryId ?? 'every category'}`;
        expect(ours(await walked(client, categoryId)), where).toEqual(await opened(client, categoryId));
      }
    }
    // The mix is what the walk is for: each member sees some closed threads, and none sees all.
    const counts = await Promise.all(Object.values(viewers).map(async (client) => (await opened(client)).length));
    expect(counts).toEqual([6, 12, 18, 12, 24]);
  });

  it('follows a thread approved or deleted between two lists', async () => {
    const writer = viewers.writer;
    const before = ours(await walked(writer));
    const pendingId = threadIds[1] as number;
    const approve = await viewers.staff.call(api.approveThread, { params: { id: pendingId } });
    expect(approve.statusCode).toBe(200);
    expect(ours(await walked(viewers.other))).toContain(pendingId);
    expect(ours(await walked(writer))).toEqual(before);

    const deleted = threadIds[0] as number;
    expect((await viewers.staff.call(api.deleteThread, { params: { id: deleted } })).statusCode).toBe(200);
    for (const client of Object.values(viewers)) expect(ours(await walked(client))).not.toContain(deleted);
  });
});

describe('GET /api/admin/unapproved-threads', () => {
  it('lists the pending threads oldest first, and an approved one leaves the queue', async () => {
    const queue = async () => {
      const response = await viewers.staff.call(api.unapprovedThreads);
      expect(response.statusCode).toBe(200);
      return ours((response.json() as Thread[]).map((thread) => thread.id));
    };
    const stillPending = async (id: number) => {
      const response = await viewers.staff.call(api.thread, { params: { id } });
      return response.statusCode === 200 && !(response.json() as Thread).isApproved;
    };
    const pending: number[] = [];
    for (const id of threadIds) if (await stillPending(id)) pending.push(id);
    expect(pending.length).toBeGreaterThan(1);
    expect(await queue()).toEqual(pending);
    const [first] = pending as [number];
    expect((await viewers.staff.call(api.approveThread, { params: { id: first } })).statusCode).toBe(200);
    expect(await queue()).toEqual(pending.slice(1));
  });
});
