import { setTimeout as sleep } from 'node:timers/promises';
import { api, type Thread } from '@enclave/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { createTestApp } from '../test/app.ts';
import { TestClient } from '../test/client.ts';
import { createMember } from '../test/factories.ts';
import { aThread } from '../test/forum.ts';
import type { UserRecord } from '../users/user-model.ts';

const TTL_MS = 1500;
let app: App;
let visitor: TestClient;
let author: UserRecord;
let authorClient: TestClient;

beforeAll(async () => {
  app = await createTestApp({ VISITOR_CACHE_MS: String(TTL_MS) });
  visitor = new TestClient(app);
  ({ user: author, client: authorClient } = await createMember(app));
});

const titles = async (client: TestClient) =>
  ((await client.call(api.threads)).json() as Thread[]).map((thread) => thread.title);

describe("visitors' forum reads", () => {
  it('show a change this process made at once: a new thread, and a reply through REST', async () => {
    const first = await aThread(app, author, { title: 'First for visitors' });
    expect(await titles(visitor)).toContain('First for visitors');
    await aThread(app, author, { title: 'Second for visitors' });
    expect(await titles(visitor)).toContain('Second for visitors');

    const before = (await visitor.call(api.thread, { params: { id: first.id } })).json() as Thread;
    const { client } = await createMember(app);
    const replied = await client.call(api.reply, { params: { id: first.id }, body: { content: 'A fresh reply' } });
    expect(replied.statusCode).toBe(201);
    const after = (await visitor.call(api.thread, { params: { id: first.id } })).json() as Thread;
    expect(after.replyCount).toBe(before.replyCount + 1);
  });

  it("show another process's change once the cache time has passed, and not before", async () => {
    await visitor.call(api.threads);
    // Another process writes straight to the database: no event and no request reaches this one.
    await app.models.Thread.updateMany({ title: 'First for visitors' }, { $set: { title: 'Renamed elsewhere' } });
    expect(await titles(visitor)).toContain('First for visitors');
    await sleep(TTL_MS + 50);
    expect(await titles(visitor)).toContain('Renamed elsewhere');
  });

  it('are never served to a member, whose answer depends on who asks', async () => {
    const pending = await aThread(app, author, { title: 'Pending for its author' }, { approved: false });
    expect(await titles(visitor)).not.toContain(pending.title);
    expect(await titles(authorClient)).toContain(pending.title);
  });
});
