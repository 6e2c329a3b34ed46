import { api, type Thread } from '@enclave/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { reply } from '../posts/service.ts';
import { createTestApp } from '../test/app.ts';
import { TestClient } from '../test/client.ts';
import { createMember } from '../test/factories.ts';
import { aCategory, aThread, grantCoins } from '../test/forum.ts';
import { scansDuring } from '../test/scans.ts';

let app: App;
let member: TestClient;
let admin: TestClient;
let categoryId: number;

/** A small forum of every kind of thread, with a reply, a purchase and a pending thread. */
beforeAll(async () => {
  app = await createTestApp();
  const { user: author } = await createMember(app, { username: 'index_author' });
  const { user: reader, client } = await createMember(app);
  member = client;
  admin = (await createMember(app, { isAdmin: true })).client;
  categoryId = (await aCategory(app)).id;
  const open = await aThread(app, author, { categoryId, title: 'Open thread about routers' });
  const premium = await aThread(app, author, { categoryId, isPremium: true, premiumCost: 5, content: 'Paid routers' });
  await aThread(app, author, { categoryId, isPrivate: true, allowedUserIds: [reader.id] });
  await aThread(app, author, { categoryId, title: 'Awaiting approval' }, { approved: false });
  await reply(app, reader, open.id, 'A reply');
  await grantCoins(app, reader.id, 10);
  const bought = await member.call(api.spendCoins, {
    body: { amount: 5, referenceId: premium.id, referenceType: 'thread' },
  });
  expect(bought.statusCode).toBe(200);
});

/** Every read the forum's lists and the console make, as the member or the admin (and once as a visitor). */
const reads: [string, () => Promise<unknown>][] = [
  ['threads as a visitor', () => new TestClient(app).call(api.threads)],
  ['threads', () => member.call(api.threads)],
  ['threads of a category', () => member.call(api.threads, { query: { categoryId: String(categoryId) } })],
  ['a search', () => member.call(api.threads, { query: { q: 'routers' } })],
  ['categories', () => member.call(api.categories)],
  ['one category', () => member.call(api.category, { params: { id: categoryId } })],
  ['a member by name', () => member.call(api.searchUser, { params: { username: 'INDEX_AUTHOR' } })],
  ['the console users', () => admin.call(api.adminUsers)],
  ['the console threads', () => admin.call(api.adminThreads, { query: { q: 'routers' } })],
  ['the console stats', () => admin.call(api.adminStats, { query: { range: '30d' } })],
  ['the approval queue', () => admin.call(api.unapprovedThreads)],
];

describe('the read models', () => {
  it.each(reads)('answer %s without scanning a collection', async (_name, read) => {
    await read(); // the first read may wait for the read models' one load
    expect(await scansDuring(app, read)).toEqual([]);
  });

  it('search content only where the viewer may read it, and lists follow a reply at once', async () => {
    const found = async (client: TestClient, q: string) =>
      ((await client.call(api.threads, { query: { q } })).json() as Thread[]).map((thread) => thread.title);
    const { client: stranger } = await createMember(app);
    expect(await found(member, 'Paid routers')).toHaveLength(1);
    expect(await found(stranger, 'Paid routers')).toEqual([]);
    expect(await found(stranger, 'Awaiting')).toEqual([]);
    expect(await found(admin, 'Awaiting')).toEqual(['Awaiting approval']);

    const [open] = (await member.call(api.threads, { query: { q: 'Open thread' } })).json() as Thread[];
    const { user } = await createMember(app);
    await reply(app, user, open?.id as number, 'Another');
    const [after] = (await member.call(api.threads, { query: { q: 'Open thread' } })).json() as Thread[];
    expect(after?.replyCount).toBe((open?.replyCount ?? 0) + 1);
  });
});
