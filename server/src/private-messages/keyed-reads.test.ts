import { api, MESSAGE_TEXT, MESSAGES_PAGE_SIZE } from '@enclave/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { createTestApp } from '../test/app.ts';
import { TestClient } from '../test/client.ts';
import { createMember, signedInCookie } from '../test/factories.ts';
import { aThread } from '../test/forum.ts';
import { scansDuring } from '../test/scans.ts';
import type { UserRecord } from '../users/user-model.ts';
import { sendMessage } from './service.ts';
import { unreadCountOf } from './unread.ts';

let app: App;

beforeAll(async () => {
  app = await createTestApp();
});

const write = (from: UserRecord, to: UserRecord, content: string) =>
  sendMessage(app, from, { content, recipientId: to.id });

/** The boxes' pages, sends with attachments, reads and blocks (that each reads and writes by key: http/route-scans.test.ts). */
describe('private messages read and write by key', () => {
  it('GET /api/messages: both boxes, the first page and a later one, and the unread count', async () => {
    const { user: alice, client } = await createMember(app);
    const { user: bob } = await createMember(app);
    for (let i = 0; i < MESSAGES_PAGE_SIZE + 5; i++) await write(bob, alice, `in ${i}`);
    for (let i = 0; i < 3; i++) await write(alice, bob, `out ${i}`);

    const first: { nextCursor: { inbox: number | null } } = (await client.call(api.listMessages)).json();
    expect(first.nextCursor.inbox).toBe(6);
    const older = await client.call(api.listMessages, { query: { box: 'inbox', before: '6' } });
    expect(older.json().inbox).toHaveLength(5);
    const sent = await client.call(api.listMessages, { query: { box: 'sent', limit: '2', before: '3' } });
    expect(sent.json().sent).toHaveLength(2);
    expect((await client.call(api.unreadMessageCount)).json()).toEqual({ unreadCount: MESSAGES_PAGE_SIZE + 5 });
    expect(await unreadCountOf(app, alice.id)).toBe(MESSAGES_PAGE_SIZE + 5);
  });

  it('POST /api/messages, with and without attachments, and PATCH read', async () => {
    const { user: recipient, client: recipientClient } = await createMember(app);
    const thread = await aThread(app, recipient);
    const senders = await Promise.all([1, 2, 3, 4].map(() => createMember(app)));
    const bodies = [
      { content: 'warm-up', recipientId: recipient.id },
      { content: 'plain', recipientId: recipient.id },
      { content: 'a link', recipientId: recipient.id, attachmentType: 'link', attachmentData: 'https://example.com/' },
      { content: 'an invite', recipientId: recipient.id, attachmentType: 'invite', attachmentData: String(thread.id) },
    ] as const;
    const [warm, ...measured] = senders;
    const sent = [(await warm?.client.call(api.sendMessage, { body: bodies[0] }))?.json()];
    for (const [i, sender] of measured.entries()) {
      const response = await sender.client.call(api.sendMessage, { body: bodies[i + 1] });
      expect(response.statusCode, response.body).toBe(201);
      sent.push(response.json());
    }
    expect(sent.at(-1)).toMatchObject({ inviteTitle: thread.title });
    await recipientClient.call(api.markMessageRead, { params: { id: sent[0].id } });
    const read = await recipientClient.call(api.markMessageRead, { params: { id: sent[1].id } });
    expect(read.json()).toMatchObject({ isRead: true });
    const again = await recipientClient.call(api.markMessageRead, { params: { id: sent[1].id } });
    expect(again.json()).toMatchObject({ isRead: true });
    expect((await recipientClient.call(api.unreadMessageCount)).json()).toEqual({ unreadCount: 2 });
  });

  it('a message answers once its items are stored (their buckets follow): both boxes show it at once', async () => {
    const { user: alice, client: aliceClient } = await createMember(app);
    const { client: bobClient } = await createMember(app);
    const sent = await bobClient.call(api.sendMessage, { body: { content: 'stored first', recipientId: alice.id } });
    expect(sent.statusCode, sent.body).toBe(201);
    // Read before the buckets' writes are awaited: a reader completes a short bucket by key.
    const [inbox, outbox] = await Promise.all([aliceClient.call(api.listMessages), bobClient.call(api.listMessages)]);
    expect(inbox.json().inbox[0]).toMatchObject({ id: sent.json().id, content: 'stored first' });
    expect(outbox.json().sent[0]).toMatchObject({ id: sent.json().id, content: 'stored first' });
    await app.settled();
  });

  it('the first message a restarted server stores looks for the next id by key, not by sorting every message', async () => {
    const { user: alice } = await createMember(app);
    const { user: bob } = await createMember(app);
    for (let i = 0; i < 5; i++) await write(bob, alice, `before the restart ${i}`);
    const restarted = await createTestApp({}, app.config.database);
    const client = new TestClient(restarted);
    client.cookie = await signedInCookie(restarted, bob);
    let response: { statusCode: number; body: string } | undefined;
    const scans = await scansDuring(restarted, async () => {
      response = await client.call(api.sendMessage, { body: { content: 'after', recipientId: alice.id } });
    });
    expect(response?.statusCode, response?.body).toBe(201);
    expect(scans.filter((scan) => scan.collection === 'privatemessages')).toEqual([]);
  });

  it('block, unblock, the block list, and the block check of a send', async () => {
    const { user: alice, client } = await createMember(app);
    const { user: bob } = await createMember(app);
    const { user: carol } = await createMember(app);
    await client.call(api.blockMember, { params: { id: carol.id } });
    expect((await client.call(api.blockMember, { params: { id: bob.id } })).statusCode).toBe(200);
    expect((await client.call(api.blockedMembers)).json().blocks).toHaveLength(2);
    await expect(write(bob, alice, 'refused')).rejects.toThrow(MESSAGE_TEXT.blockedByRecipient);
    expect((await client.call(api.unblockMember, { params: { id: bob.id } })).statusCode).toBe(200);
    expect((await client.call(api.blockedMembers)).json().blocks).toHaveLength(1);
  });
});
