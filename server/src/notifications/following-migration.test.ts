import { api, type NotificationList } from '@enclave/protocol';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../app.ts';
import { MIGRATIONS } from '../db/migration-list.ts';
import { runMigrations } from '../db/migrations.ts';
import { reply } from '../posts/service.ts';
import { createTestApp } from '../test/app.ts';
import { createMember, signedInClient } from '../test/factories.ts';
import { aThread } from '../test/forum.ts';
import type { UserRecord } from '../users/user-model.ts';
import { followedThreads, threadParticipants } from './participants.ts';

let app: App;
let threadIds: number[];
let replier: UserRecord;
let author: UserRecord;

/** Threads replied in as the code before catching up stored them: participants lists, and no `following` lists. */
beforeAll(async () => {
  const before = await createTestApp();
  author = (await createMember(before)).user;
  replier = (await createMember(before)).user;
  threadIds = [];
  for (const title of ['First thread', 'Second thread']) {
    const thread = await aThread(before, author, { title });
    await reply(before, replier, thread.id, 'Joining in');
    await vi.waitFor(async () => expect(await threadParticipants(before, thread.id)).toEqual([replier.id]));
    threadIds.push(thread.id);
  }
  await before.models.FollowedThread.deleteMany({});
  await before.models.ListHead.deleteMany({ _id: /^following:/ });
  await before.models.ListBucket.deleteMany({ _id: /^following:/ });
  await before.models.Migration.deleteMany({ _id: 'following-from-participants' });
  // The code before told every reply at once: the replier's replies above reached the author then.

  app = await createTestApp({}, before.config.database);
});

const listOf = async (user: UserRecord) =>
  (await (await signedInClient(app, user)).call(api.notifications, { query: {} })).json<NotificationList>();

const followed = async () => (await followedThreads(app, replier.id)).map((item) => item.threadId);

describe('the migration to following lists', () => {
  it('gives each participant the threads they replied in, once each, however often it runs', async () => {
    expect((await followed()).sort()).toEqual([...threadIds].sort());
    await app.models.Migration.deleteMany({ _id: 'following-from-participants' });
    await runMigrations(app, MIGRATIONS);
    expect((await followed()).sort()).toEqual([...threadIds].sort());
  });

  it('so a member away is told of a reply after it when they look', async () => {
    const later = await createMember(app);
    const [threadId] = threadIds as [number];
    expect((await later.client.call(api.reply, { params: { id: threadId }, body: { content: 'Hi' } })).statusCode).toBe(
      201,
    );
    expect((await listOf(replier)).notifications).toEqual([
      expect.objectContaining({ kind: 'reply', actorName: later.user.username }),
    ]);
  });

  it('and no one catches up on replies from before it, which were told then', async () => {
    // The author started both threads: only the reply after the migration is new to them.
    expect((await listOf(author)).notifications.map((n) => n.actorName)).toEqual([
      expect.not.stringMatching(replier.username),
    ]);
  });
});
