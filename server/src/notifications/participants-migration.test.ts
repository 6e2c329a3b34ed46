import { api, type NotificationList, type Thread } from '@enclave/protocol';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../app.ts';
import { MIGRATIONS } from '../db/migration-list.ts';
import { runMigrations } from '../db/migrations.ts';
import { reply } from '../posts/service.ts';
import { createTestApp } from '../test/app.ts';
import { createMember, signedInClient } from '../test/factories.ts';
import { aThread } from '../test/forum.ts';
import type { UserRecord } from '../users/user-model.ts';
import { threadParticipants } from './participants.ts';

let app: App;
let thread: Thread;
const members = {} as Record<'author' | 'first' | 'second', UserRecord>;

/** A thread replied to as the code before notifications stored it: replies, and no participants list or markers. */
beforeAll(async () => {
  const before = await createTestApp();
  const author = await createMember(before);
  const first = await createMember(before);
  const second = await createMember(before);
  Object.assign(members, { author: author.user, first: first.user, second: second.user });
  thread = await aThread(before, author.user, { title: 'Old conversation' });
  for (const replier of [first.user, second.user, first.user])
    await reply(before, replier, thread.id, 'Before the bell');
  await vi.waitFor(async () => expect(await threadParticipants(before, thread.id)).toHaveLength(2));
  await before.models.NotificationMember.deleteMany({});
  await before.models.ListHead.deleteMany({ _id: /^participants:/ });
  await before.models.ListBucket.deleteMany({ _id: /^participants:/ });
  await before.models.NotificationMarker.deleteMany({});
  await before.models.NotificationItem.deleteMany({});
  await before.models.Migration.deleteMany({ _id: 'participants-from-replies' });

  app = await createTestApp({}, before.config.database);
});

describe('the migration to participants lists', () => {
  it('lists who replied, in the order they first did, once each', async () => {
    expect(await threadParticipants(app, thread.id)).toEqual([members.first.id, members.second.id]);
    await app.models.Migration.deleteMany({ _id: 'participants-from-replies' });
    await runMigrations(app, MIGRATIONS);
    expect(await threadParticipants(app, thread.id)).toEqual([members.first.id, members.second.id]);
  });

  it('so a new reply tells those who replied before notifications, and lists its replier once more only', async () => {
    const third = await createMember(app);
    const after = await third.client.call(api.reply, { params: { id: thread.id }, body: { content: 'After' } });
    expect(after.statusCode).toBe(201);
    for (const member of [members.author, members.first, members.second]) {
      const client = await signedInClient(app, member);
      await vi.waitFor(async () => {
        const list = (await client.call(api.notifications, { query: {} })).json<NotificationList>();
        expect(list.notifications).toContainEqual(
          expect.objectContaining({ kind: 'reply', actorName: third.user.username }),
        );
      });
    }
    // A replier the migration listed joins no second time.
    await reply(app, members.first, thread.id, 'Again');
    await vi.waitFor(async () =>
      expect(await threadParticipants(app, thread.id)).toEqual([members.first.id, members.second.id, third.user.id]),
    );
  });
});
