import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { reply } from '../replies/service.ts';
import { byNumericId } from '../storage/index.ts';
import { createTestApp } from '../test/app.ts';
import { createMember } from '../test/factories.ts';
import { aCategory, aThread } from '../test/forum.ts';
import { scansDuring } from '../test/scans.ts';
import type { UserRecord } from '../users/user-model.ts';
import { threadModels } from './models.ts';
import { approveThread, deleteThread, editThread } from './moderation.ts';
import { NO_HOLDINGS, type Viewer } from './policy.ts';

/**
 * The forum index starts from its snapshot and the journal of threads changed since (issue 26, item 4): each "restart"
 * is a new app on the same database, as a new process would be; the writes between go through another app, so what
 * a start finds of them is what was journaled, not what its own events told it.
 */

let first: App;
let author: UserRecord;
let staff: UserRecord;
let categoryId: number;

beforeAll(async () => {
  first = await createTestApp();
  ({ user: author } = await createMember(first));
  ({ user: staff } = await createMember(first, { isAdmin: true }));
  categoryId = (await aCategory(first)).id;
});

/** A new app on the first one's database: a process started on the same data. */
const restart = () => createTestApp({}, first.config.database);

const found = async (app: App, q: string, viewer: Viewer = null) =>
  (await app.forum.list(viewer, {}, { q, holdingsOf: async () => NO_HOLDINGS })).map((thread) => thread.id);

const thread = (app: App, title: string, content = 'Nothing much', approved = true) =>
  aThread(app, author, { categoryId, title, content }, { approved });

describe('a start from the forum snapshot', () => {
  let aardvark: number;
  let gone: number;
  let pending: number;

  beforeAll(async () => {
    aardvark = (await thread(first, 'Aardvark sightings', 'Seen near the river')).id;
    gone = (await thread(first, 'Doomed dodo')).id;
    pending = (await thread(first, 'Elusive emu', 'Awaiting a moderator', false)).id;
    for (let i = 0; i < 5; i++) await thread(first, `Filler ${i}`);
    await first.forum.current();
    await first.settled();
    expect(await first.forum.writeSnapshot({ settleMs: 0 })).toBe(true);
  });

  it('answers a search from the snapshot, reading no thread but by key', async () => {
    const app = await restart();
    const scans = await scansDuring(app, async () => {
      expect(await found(app, 'aardvark')).toEqual([aardvark]);
      expect(await found(app, 'river')).toEqual([aardvark]);
    });
    expect(scans.filter((scan) => scan.collection === 'threads')).toEqual([]);
    expect(app.forum.startedFrom).toMatchObject({ threads: 8, replayed: 0 });
    expect(app.forum.snapshotAt).toEqual(app.forum.startedFrom?.at);
    expect(await found(app, 'emu')).toEqual([]);
    expect(await found(app, 'emu', staff)).toEqual([pending]);
  });

  it('finds what was created, edited, approved, replied to and deleted after it, from the journal', async () => {
    // Another process's writes, through the services.
    const writer = await restart();
    await writer.forum.current();
    const bee = (await thread(writer, 'Bumblebee season')).id;
    await editThread(writer, author, aardvark, { title: 'Cassowary sightings' });
    await approveThread(writer, staff, pending);
    await deleteThread(writer, staff, gone);
    await reply(writer, author, bee, 'A reply');
    await writer.settled();

    const app = await restart();
    expect(await found(app, 'bumblebee')).toEqual([bee]);
    expect(await found(app, 'cassowary')).toEqual([aardvark]);
    // Its old words are still indexed: the match is confirmed on the text.
    expect(await found(app, 'aardvark')).toEqual([]);
    expect(await found(app, 'dodo', staff)).toEqual([]);
    expect(await found(app, 'emu')).toEqual([pending]);
    const [listed] = await app.forum.list(null, { limit: 1 }, { q: 'bumblebee', holdingsOf: async () => NO_HOLDINGS });
    expect(listed?.replyCount).toBe(1);
    expect(app.forum.startedFrom?.replayed).toBeGreaterThanOrEqual(4);
    expect(app.forum.startedFrom?.threads).toBe(8);

    // A snapshot written now holds them, and a start after it replays nothing.
    expect(await app.forum.writeSnapshot({ settleMs: 0 })).toBe(true);
    const again = await restart();
    expect(await found(again, 'cassowary')).toEqual([aardvark]);
    expect(await found(again, 'aardvark')).toEqual([]);
    expect(again.forum.startedFrom).toMatchObject({ threads: 8, replayed: 0 });
  });

  it('is not used after a reload (a restore): the reload reads every thread, and drops it', async () => {
    await first.forum.writeSnapshot({ settleMs: 0 });
    const quince = (await thread(first, 'Marmalade sandwich')).id;
    await first.forum.writeSnapshot({ settleMs: 0 });
    // As a restore leaves it: written without an event or a journal item, then every read model reloaded.
    await threadModels(first).Thread.updateOne(byNumericId(quince), { $set: { title: 'Quince sandwich' } });
    await first.forum.reload();
    await first.settled();
    expect(await found(first, 'quince')).toEqual([quince]);
    expect(await found(first, 'marmalade')).toEqual([]);
    const app = await restart();
    expect(await found(app, 'quince')).toEqual([quince]);
    expect(app.forum.startedFrom).toBeNull();
  });

  it('reads every thread when the snapshot is torn (its chunks gone)', async () => {
    await first.forum.current();
    expect(await first.forum.writeSnapshot({ settleMs: 0 })).toBe(true);
    await first.mongo.collection('snapshotchunks').deleteMany({});
    const app = await restart();
    expect(await found(app, 'bumblebee')).toHaveLength(1);
    expect(app.forum.startedFrom).toBeNull();
  });
});
