import { api, type Thread } from '@enclave/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { reply } from '../replies/service.ts';
import { createTestApp } from '../test/app.ts';
import type { TestClient } from '../test/client.ts';
import { createMember } from '../test/factories.ts';
import { aCategory, aThread, grantCoins } from '../test/forum.ts';
import { ReadModel } from './read-model.ts';

let app: App;
let member: TestClient;
let admin: TestClient;

/** A small forum of every kind of thread, with a reply, a purchase and a pending thread. */
beforeAll(async () => {
  app = await createTestApp();
  const { user: author } = await createMember(app, { username: 'index_author' });
  const { user: reader, client } = await createMember(app);
  member = client;
  admin = (await createMember(app, { isAdmin: true })).client;
  const categoryId = (await aCategory(app)).id;
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

// That the forum's lists and the console answer from the read models, scanning nothing: http/route-scans.test.ts.
describe('the read models', () => {
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

/** A model of counters whose reads by key answer when the test says, each with the counter's value then. */
class Counters extends ReadModel<{ id: number; value: number }> {
  value = 0;
  readonly reads: Array<() => void> = [];
  protected async readAll() {
    return [];
  }
  protected readOne(id: number) {
    return new Promise<{ id: number; value: number }>((resolve) => {
      this.reads.push(() => resolve({ id, value: this.value }));
    });
  }
  protected stored() {}
  protected dropped() {}
}

describe('a read model', () => {
  it('re-reads a document once more, not once per change, when changes arrive while it is read, and holds the last', async () => {
    const counters = new Counters(app);
    await counters.current();
    const first = counters.refresh(1);
    counters.value = 1;
    // Twenty changes told while the first re-read runs: it may have read before them.
    const later = Array.from({ length: 20 }, (_, i) => {
      counters.value = i + 2;
      return counters.refresh(1);
    });
    expect(counters.reads).toHaveLength(1);
    let current = false;
    const waiting = counters.current().then(() => {
      current = true;
    });
    counters.reads.shift()?.();
    await first;
    await expect.poll(() => counters.reads.length).toBe(1);
    expect(current).toBe(false);
    counters.reads.shift()?.();
    await Promise.all([...later, waiting]);
    expect(counters.get(1)?.value).toBe(21);
    expect(counters.reads).toHaveLength(0);
    // A change after that is read again on its own.
    counters.value = 22;
    const again = counters.refresh(1);
    expect(counters.reads).toHaveLength(1);
    counters.reads.shift()?.();
    await again;
    expect(counters.get(1)?.value).toBe(22);
  });
});
