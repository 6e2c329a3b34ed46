import { api, type Post } from '@enclave/protocol';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../app.ts';
import { createTestApp } from '../test/app.ts';
import { TestClient } from '../test/client.ts';
import { createMember } from '../test/factories.ts';
import { aThread } from '../test/forum.ts';
import { threadModels } from '../threads/models.ts';
import { replyModels } from './models.ts';
import { readReplies, removeReply, replyById, replyCountOf, replyRemoval } from './replies.ts';
import { repliesSince, replyCounts } from './reply-counts.ts';
import { reply } from './service.ts';

let app: App;
let other: App;

beforeAll(async () => {
  app = await createTestApp();
  // A second process on the same database: its replies are not queued with the first one's.
  other = await createTestApp({}, app.config.database);
});

const oneTo = (count: number) => Array.from({ length: count }, (_, i) => i + 1);

describe('reply numbers', () => {
  it('gives 100 concurrent replies to one thread from two processes the numbers 1-100, no gap, no duplicate', async () => {
    const { user: author } = await createMember(app);
    const thread = await aThread(app, author);
    const before = await repliesSince(app, null);
    const posted = await Promise.all(
      oneTo(100).map((i) => reply(i % 2 ? app : other, author, thread.id, `Reply ${i}`)),
    );
    expect(posted.map((post) => post.number).sort((a, b) => a - b)).toEqual(oneTo(100));
    expect(new Set(posted.map((post) => post.id)).size).toBe(100);

    const listed: Post[] = (
      await new TestClient(app).call(api.posts, { params: { id: thread.id }, query: { limit: '100' } })
    ).json();
    expect(listed.map((post) => post.number)).toEqual(oneTo(100));
    expect(new Set(listed.map((post) => post.content)).size).toBe(100);
    expect(await replyCountOf(app, thread.id)).toBe(100);
    expect((await replyCounts(app, [thread.id])).get(thread.id)).toBe(100);
    expect(await repliesSince(app, null)).toBe(before + 100);
    // Every global id leads to its reply by key.
    for (const post of listed) expect((await replyById(app, post.id))?.n).toBe(post.number);
    // The hints are exact once the writes settle: each reply checks its own after answering, whatever order the
    // racing updates landed in (what the forum index then re-reads; without REDIS_URL each process hears only its own).
    await Promise.all([app.settled(), other.settled()]);
    const newest = Math.max(...listed.map((post) => Date.parse(post.createdAt)));
    const hints = await threadModels(app).Thread.findOne({ id: thread.id }).lean();
    expect(hints?.replyCount).toBe(100);
    expect(hints?.lastReplyAt?.getTime()).toBe(newest);
  });

  it('skips a removed reply on its page, keeps the others numbered, and counts it once', async () => {
    const { user: author } = await createMember(app);
    const thread = await aThread(app, author);
    const posted = [];
    for (const i of oneTo(5)) posted.push(await reply(app, author, thread.id, `Reply ${i}`));
    const removed = posted[1] as Post;
    const results = await Promise.all([removeReply(app, removed.id), removeReply(other, removed.id)]);
    expect(results.filter((result) => result !== null)).toHaveLength(1);
    expect(await replyCountOf(app, thread.id)).toBe(4);

    const client = new TestClient(app);
    const first: Post[] = (await client.call(api.posts, { params: { id: thread.id }, query: { limit: '2' } })).json();
    expect(first.map((post) => post.number)).toEqual([1, 3]);
    const next: Post[] = (
      await client.call(api.posts, { params: { id: thread.id }, query: { after: '3', limit: '2' } })
    ).json();
    expect(next.map((post) => post.number)).toEqual([4, 5]);
    expect((await client.call(api.thread, { params: { id: thread.id } })).json()).toMatchObject({ replyCount: 4 });
    // The next reply takes the next number: a removal frees none.
    expect((await reply(app, author, thread.id, 'After')).number).toBe(6);
  });

  it('finishes at start a removal a crash cut short, wherever it stopped, counting each once', async () => {
    const { user: author } = await createMember(app);
    const thread = await aThread(app, author);
    const posted = [];
    for (const i of oneTo(4)) posted.push(await reply(app, author, thread.id, `Reply ${i}`));
    const [begun, interrupted] = posted as [Post, Post];
    // A crash right after the intent: nothing of the removal written.
    expect(
      await replyRemoval.begin(app, String(begun.id), { replyId: begun.id, threadId: thread.id, number: begun.number }),
    ).toBe(true);
    // A crash after the first write: the removal counted, the reply not yet a tombstone.
    const tombstone = vi
      .spyOn(replyModels(app).Reply.collection, 'updateOne')
      .mockRejectedValueOnce(new Error('the process died'));
    await expect(removeReply(app, interrupted.id)).rejects.toThrow('the process died');
    tombstone.mockRestore();
    expect(await replyRemoval.pending(app, String(interrupted.id))).not.toBeNull();
    // Until finished, the intent is the removal under way: another removal of the same reply does nothing.
    expect(await removeReply(other, begun.id)).toBeNull();
    expect(await removeReply(other, interrupted.id)).toBeNull();

    // The process starts again on the same database: the start-up sweep finishes both.
    const restarted = await createTestApp({}, app.config.database);
    await restarted.ready();
    for (const post of [begun, interrupted]) {
      expect(await replyRemoval.pending(app, String(post.id))).toBeNull();
      expect(await replyById(app, post.id)).toMatchObject({ content: '', removedAt: expect.any(Date) });
    }
    expect(await replyCountOf(app, thread.id)).toBe(2);
    expect((await readReplies(app, thread.id, 0, 10)).map((post) => post.n)).toEqual([3, 4]);
    await restarted.settled();
    expect((await threadModels(app).Thread.findOne({ id: thread.id }).lean())?.replyCount).toBe(2);
    // Done: nothing is left to remove, and nothing is counted twice.
    expect(await removeReply(app, begun.id)).toBeNull();
    expect(await replyCountOf(app, thread.id)).toBe(2);
  });

  it('counts the replies written since a time, by key', async () => {
    const { user: author } = await createMember(app);
    const thread = await aThread(app, author);
    await reply(app, author, thread.id, 'Earlier');
    const since = new Date();
    await new Promise((resolve) => setTimeout(resolve, 5));
    for (const i of oneTo(3)) await reply(app, author, thread.id, `Later ${i}`);
    expect(await repliesSince(app, since)).toBe(3);
    expect(await repliesSince(app, new Date(Date.now() + 60_000))).toBe(0);
  });
});
