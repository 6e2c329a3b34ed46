import { api, type MessageList } from '@enclave/protocol';
import { Types } from 'mongoose';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { derivedIds } from '../db/derived-ids.ts';
import { internalId } from '../db/ids.ts';
import { runMigrations } from '../db/migrations.ts';
import { createTestApp } from '../test/app.ts';
import type { TestClient } from '../test/client.ts';
import { createMember } from '../test/factories.ts';
import { scansDuring } from '../test/scans.ts';
import type { UserRecord } from '../users/user-model.ts';
import { messageBoxesMigration } from './migration.ts';
import { sendMessage } from './service.ts';

let app: App;

beforeAll(async () => {
  app = await createTestApp();
});

const hour = 60 * 60 * 1000;

/** Messages and blocks exactly as the code before the boxes stored them, with the indexes it built. */
async function writeOldLayout(alice: UserRecord, bob: UserRecord, carol: UserRecord, firstId: number) {
  const messages = app.mongo.collection('privatemessages');
  await messages.createIndex({ recipientId: 1, id: -1 });
  await messages.createIndex({ recipientId: 1, isRead: 1 });
  const start = Date.now() - 100 * hour;
  const old = (i: number, from: UserRecord, to: UserRecord, read: boolean, extra: object = {}) => ({
    _id: internalId(firstId + i),
    id: firstId + i,
    content: `old ${i}`,
    senderId: from.id,
    recipientId: to.id,
    isRead: read,
    readAt: read ? new Date(start + i * hour + 1000) : null,
    hasAttachment: false,
    attachmentType: null,
    attachmentData: null,
    createdAt: new Date(start + i * hour),
    __v: 0,
    ...extra,
  });
  await messages.insertMany([
    old(0, bob, alice, true),
    old(1, alice, bob, false),
    old(2, carol, alice, false, {
      hasAttachment: true,
      attachmentType: 'link',
      attachmentData: 'https://example.com/',
    }),
    ...Array.from({ length: 60 }, (_, i) => old(3 + i, bob, alice, i % 3 === 0)),
    // Written before `_id`s were derived from ids.
    { ...old(63, carol, alice, false), _id: new Types.ObjectId() },
  ] as never[]);
  const blocks = app.mongo.collection('memberblocks');
  await blocks.createIndex({ blockerId: 1, blockedId: 1 }, { unique: true });
  await blocks.insertMany([
    { _id: new Types.ObjectId(), blockerId: alice.id, blockedId: carol.id, createdAt: new Date(start) },
    { _id: new Types.ObjectId(), blockerId: bob.id, blockedId: carol.id, createdAt: new Date(start + hour) },
  ] as never[]);
}

async function page(client: TestClient, query: Record<string, string> = {}) {
  const response = await client.call(api.listMessages, { query });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as MessageList;
}

describe('the message-boxes migration', () => {
  it('converts messages and blocks of the old layout, idempotently, and the routes read them by key', async () => {
    const { user: alice, client } = await createMember(app);
    const { user: bob, client: bobClient } = await createMember(app);
    const { user: carol } = await createMember(app);
    await writeOldLayout(alice, bob, carol, 900_000);
    // At start the derived-ids migration runs first: the message whose `_id` was not derived moves under its own.
    await derivedIds.run(app, () => undefined);

    // A run stopped part-way (a crash once the boxes are written, before the documents are), then two
    // whole runs: the same boxes each time.
    let crashed = false;
    await messageBoxesMigration
      .run(app, (done) => {
        if (done > 0) throw new Error('crash');
      })
      .catch(() => {
        crashed = true;
      });
    expect(crashed).toBe(true);
    const reports: [number, number][] = [];
    await messageBoxesMigration.run(app, (done, total) => reports.push([done, total]));
    await messageBoxesMigration.run(app, () => undefined);
    expect(reports.at(-1)).toEqual([128, 128]);

    const first = await page(client);
    expect(first.inbox).toHaveLength(50);
    expect(first.inbox[0]).toMatchObject({ content: 'old 63', senderId: carol.id, _senderUsername: carol.username });
    const unreadOld = Array.from({ length: 60 }, (_, i) => i % 3 !== 0).filter(Boolean).length + 2;
    expect(first.unreadCount).toBe(unreadOld);
    const older = await page(client, { box: 'inbox', before: String(first.nextCursor.inbox) });
    expect([...first.inbox, ...older.inbox].map((m) => m.content)).toEqual(
      [63, ...Array.from({ length: 60 }, (_, i) => 62 - i), 2, 0].map((i) => `old ${i}`),
    );
    expect(older.nextCursor.inbox).toBeNull();
    const oldest = older.inbox.at(-1);
    expect(oldest).toMatchObject({ content: 'old 0', isRead: true, readAt: expect.any(String) });
    expect(older.inbox.at(-2)).toMatchObject({ content: 'old 2', isRead: false, attachmentType: 'link' });
    expect((await page(client)).sent.map((m) => m.content)).toEqual(['old 1']);
    expect((await page(bobClient)).unreadCount).toBe(1);

    // Blocks: listed, and still refusing.
    expect((await client.call(api.blockedMembers)).json().blocks).toMatchObject([{ user: { id: carol.id } }]);
    await expect(sendMessage(app, carol, { content: 'Hi', recipientId: alice.id })).rejects.toThrow();
    expect(await app.models.MemberBlock.countDocuments({ blockerId: bob.id })).toBe(1);

    // Reads and new messages carry on from the converted boxes, by key.
    await page(client);
    expect(
      await scansDuring(app, async () => {
        const read = await client.call(api.markMessageRead, { params: { id: 900_000 + 62 } });
        expect(read.json()).toMatchObject({ isRead: true, content: 'old 62' });
        expect((await page(client)).unreadCount).toBe(unreadOld - 1);
      }),
    ).toEqual([]);
    await sendMessage(app, bob, { content: 'new', recipientId: alice.id });
    const after = await page(client, { limit: '1' });
    expect(after.inbox.map((m) => m.content)).toEqual(['new']);
    expect(after.nextCursor.inbox).toBe(64);
    expect(after.unreadCount).toBe(unreadOld);
    // The one whose `_id` was not derived is read by its id, by key.
    expect((await client.call(api.markMessageRead, { params: { id: 900_000 + 63 } })).statusCode).toBe(200);
  });

  it('is marked done once run, so a start on converted data reads nothing but the mark', async () => {
    const scans = await scansDuring(app, () => runMigrations(app, [messageBoxesMigration]));
    expect(scans).toEqual([]);
    expect(await app.models.Migration.exists({ _id: messageBoxesMigration.name })).toBeTruthy();
  });
});
