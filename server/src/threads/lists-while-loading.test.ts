import type { ThreadsQuery } from '@enclave/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { byNumericId } from '../storage/index.ts';
import { createTestApp } from '../test/app.ts';
import { createMember } from '../test/factories.ts';
import { aCategory, aThread } from '../test/forum.ts';
import { MemberDirectory } from '../users/member-directory.ts';
import type { UserRecord } from '../users/user-model.ts';
import { ForumIndex, type ThreadFacts } from './forum-index.ts';
import { threadModels } from './models.ts';
import { NO_HOLDINGS, type Viewer } from './policy.ts';

/** A forum index whose load waits until the test lets it go: what a list meets in the first seconds after a start. */
class HeldForumIndex extends ForumIndex {
  #release: () => void = () => undefined;
  readonly #gate = new Promise<void>((resolve) => {
    this.#release = resolve;
  });

  release(): void {
    this.#release();
  }

  protected override async *readAll(): AsyncIterable<ThreadFacts> {
    await this.#gate;
    yield* super.readAll();
  }
}

let app: App;
let author: UserRecord;
let reader: UserRecord;
let staff: UserRecord;
let general: number;
let small: number;

beforeAll(async () => {
  app = await createTestApp();
  ({ user: author } = await createMember(app));
  ({ user: reader } = await createMember(app));
  ({ user: staff } = await createMember(app, { isAdmin: true }));
  [general, small] = [(await aCategory(app)).id, (await aCategory(app)).id];
  await aThread(app, author, { categoryId: small, title: 'Elsewhere' });
  for (let i = 0; i < 12; i++) await aThread(app, author, { categoryId: general, title: `Open thread ${i}` });
  await aThread(app, author, { categoryId: general, title: 'Awaiting approval' }, { approved: false });
  await aThread(app, author, { categoryId: general, isPrivate: true, allowedUserIds: [reader.id] });
  await aThread(app, author, { categoryId: general, isPrivate: true, allowedUserIds: [] });
  await aThread(app, author, { categoryId: general, isPremium: true, premiumCost: 5 });
});

const queries: ThreadsQuery[] = [{}, { limit: 5 }, { limit: 4, before: 10 }];

describe('a list asked for while the forum index loads', () => {
  it('answers, for every viewer, what the loaded index answers', async () => {
    const held = new HeldForumIndex(app);
    const loading = held.current();
    const viewers: Viewer[] = [null, reader, author, staff];
    const ids = async (index: ForumIndex, viewer: Viewer, query: ThreadsQuery) =>
      (await index.list(viewer, query, null)).map((thread) => thread.id);
    const early = [];
    for (const viewer of viewers) for (const query of queries) early.push(await ids(held, viewer, query));
    expect(held.loaded).toBe(false);
    // Not a vacuous comparison: the pages hold threads, and the hidden ones only for who may see them.
    expect(early[0]).toHaveLength(14);
    expect(early[2 * queries.length]).toHaveLength(17);

    held.release();
    await loading;
    const loaded = [];
    for (const viewer of viewers) for (const query of queries) loaded.push(await ids(held, viewer, query));
    expect(early).toEqual(loaded);
    expect(loaded[0]).toEqual(await ids(app.forum, null, {}));
  });

  it('of a category with few threads, waits for the load rather than reading the whole forum by key', async () => {
    const held = new HeldForumIndex(app);
    const loading = held.current();
    const listed = held.list(reader, { categoryId: small, limit: 1 }, null);
    held.release();
    await loading;
    expect((await listed).map((thread) => thread.title)).toEqual(['Elsewhere']);
  });

  it('of categories, answers from the snapshot the last load wrote', async () => {
    await app.forum.current();
    await app.settled();
    const held = new HeldForumIndex(app);
    const loading = held.current();
    const categories = [general, small];
    for (const viewer of [null, staff]) {
      expect(await held.activity(viewer, categories)).toEqual(await app.forum.activity(viewer, categories));
    }
    expect(held.loaded).toBe(false);
    held.release();
    await loading;
  });

  it('presents its authors, read by key, as the loaded directory does', async () => {
    const fresh = new MemberDirectory(app);
    expect(fresh.loaded).toBe(false);
    expect(await fresh.shown([author.id, reader.id])).toEqual(await app.members.shown([author.id, reader.id]));
  });
});

describe('a reload (a restore)', () => {
  it('finds threads by the texts loaded, not by the words they had before', async () => {
    const thread = await aThread(app, author, { categoryId: general, title: 'Marmalade sandwich' });
    const index = new ForumIndex(app);
    const found = async (q: string) =>
      (await index.list(null, {}, { q, holdingsOf: async () => NO_HOLDINGS })).map((listed) => listed.id);
    expect(await found('marmalade')).toEqual([thread.id]);
    // As a restore leaves it: written without an event, then every read model reloaded.
    await threadModels(app).Thread.updateOne(byNumericId(thread.id), { $set: { title: 'Quince sandwich' } });
    await index.reload();
    expect(await found('marmalade')).toEqual([]);
    expect(await found('quince')).toEqual([thread.id]);
  });
});
