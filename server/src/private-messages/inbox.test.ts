import { api, ErrorCode, MESSAGE_TEXT, MESSAGES_PAGE_SIZE, type MessageList } from '@enclave/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { createTestApp } from '../test/app.ts';
import type { TestClient } from '../test/client.ts';
import { createMember } from '../test/factories.ts';
import type { UserRecord } from '../users/user-model.ts';
import { sendMessage } from './service.ts';

let app: App;

beforeAll(async () => {
  app = await createTestApp();
});

/** Straight through the service: these tests are about reading, not the 2-second sending limit. */
const write = (from: UserRecord, to: UserRecord, content: string) =>
  sendMessage(app, from, { content, recipientId: to.id });

async function list(client: TestClient, query: Record<string, string> = {}) {
  const response = await client.call(api.listMessages, { query });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as MessageList;
}

const unread = async (client: TestClient) =>
  (await client.call(api.unreadMessageCount)).json() as { unreadCount: number };

describe('GET /api/messages', () => {
  it('lists the inbox and sent messages newest first, with usernames and the unread count', async () => {
    const { user: alice, client } = await createMember(app);
    const { user: bob } = await createMember(app);
    const { user: carol } = await createMember(app);
    await write(bob, alice, 'first from bob');
    await write(alice, bob, 'reply to bob');
    await write(carol, alice, 'hello from carol');
    await write(bob, carol, 'not for alice');

    const page = await list(client);
    expect(page.inbox.map((m) => m.content)).toEqual(['hello from carol', 'first from bob']);
    expect(page.sent.map((m) => m.content)).toEqual(['reply to bob']);
    expect(page.inbox[0]).toMatchObject({ _senderUsername: carol.username, _recipientUsername: alice.username });
    expect(page.sent[0]).toMatchObject({ _senderUsername: alice.username, _recipientUsername: bob.username });
    expect(page.unreadCount).toBe(2);
    expect(page.nextCursor).toEqual({ inbox: null, sent: null });
  });

  it('never counts sent messages as unread', async () => {
    const { user: alice, client } = await createMember(app);
    const { user: bob, client: bobClient } = await createMember(app);
    await write(alice, bob, 'one');
    await write(alice, bob, 'two');
    expect((await list(client)).unreadCount).toBe(0);
    expect(await unread(client)).toEqual({ unreadCount: 0 });
    expect(await unread(bobClient)).toEqual({ unreadCount: 2 });
  });

  it('pages each box with limit and before', async () => {
    const { user: alice, client } = await createMember(app);
    const { user: bob } = await createMember(app);
    for (let i = 1; i <= 5; i++) await write(bob, alice, `in ${i}`);
    for (let i = 1; i <= 3; i++) await write(alice, bob, `out ${i}`);

    const first = await list(client, { limit: '2' });
    expect(first.inbox.map((m) => m.content)).toEqual(['in 5', 'in 4']);
    expect(first.sent.map((m) => m.content)).toEqual(['out 3', 'out 2']);
    expect(first.unreadCount).toBe(5);
    // A cursor is a position in its box (numbered as messages arrive), not a message id.
    expect(first.nextCursor).toEqual({ inbox: 4, sent: 2 });

    const contents: string[] = first.inbox.map((m) => m.content);
    let cursor = first.nextCursor.inbox;
    while (cursor !== null) {
      const next = await list(client, { box: 'inbox', limit: '2', before: String(cursor) });
      expect(next.sent).toEqual([]);
      expect(next.nextCursor.sent).toBeNull();
      contents.push(...next.inbox.map((m) => m.content));
      cursor = next.nextCursor.inbox;
    }
    expect(contents).toEqual(['in 5', 'in 4', 'in 3', 'in 2', 'in 1']);

    const sent = await list(client, { box: 'sent', limit: '2', before: String(first.nextCursor.sent) });
    expect(sent.inbox).toEqual([]);
    expect(sent.sent.map((m) => m.content)).toEqual(['out 1']);
    expect(sent.nextCursor).toEqual({ inbox: null, sent: null });
  });

  it(`answers ${MESSAGES_PAGE_SIZE} a box by default and refuses a bad page`, async () => {
    const { user: alice, client } = await createMember(app);
    const { user: bob } = await createMember(app);
    for (let i = 0; i < MESSAGES_PAGE_SIZE + 1; i++) await write(bob, alice, `m${i}`);
    const page = await list(client);
    expect(page.inbox).toHaveLength(MESSAGES_PAGE_SIZE);
    expect(page.nextCursor.inbox).toBe(2);
    const queries: Record<string, string>[] = [{ limit: '0' }, { limit: '101' }, { before: 'abc' }, { box: 'trash' }];
    for (const query of queries) {
      const response = await client.call(api.listMessages, { query });
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json().code).toBe(ErrorCode.Validation);
    }
  });

  it('needs a signed-in member', async () => {
    const { client } = await createMember(app, { isEmailVerified: false });
    expect((await client.call(api.listMessages)).statusCode).toBe(403);
    client.cookie = undefined;
    expect((await client.call(api.listMessages)).statusCode).toBe(401);
    expect((await client.call(api.unreadMessageCount)).statusCode).toBe(401);
  });
});

describe('PATCH /api/messages/:id/read', () => {
  it('marks a received message read, once, and lowers the unread count', async () => {
    const { user: alice, client } = await createMember(app);
    const { user: bob } = await createMember(app);
    const message = await write(bob, alice, 'read me');
    await write(bob, alice, 'and me');
    expect(await unread(client)).toEqual({ unreadCount: 2 });

    const first = await client.call(api.markMessageRead, { params: { id: message.id } });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ id: message.id, isRead: true, content: 'read me' });
    const { readAt } = first.json();
    expect(readAt).toBeTypeOf('string');
    expect(await unread(client)).toEqual({ unreadCount: 1 });

    const again = await client.call(api.markMessageRead, { params: { id: message.id } });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ isRead: true, readAt });
    expect(await unread(client)).toEqual({ unreadCount: 1 });
    expect((await list(client)).inbox.find((m) => m.id === message.id)).toMatchObject({ isRead: true, readAt });
  });

  it('is not found for the sender, a third member and an unknown id alike', async () => {
    const { user: alice, client: aliceClient } = await createMember(app);
    const { user: bob, client: bobClient } = await createMember(app);
    const { client: carolClient } = await createMember(app);
    const message = await write(bob, alice, 'private');
    for (const [client, id] of [
      [bobClient, message.id],
      [carolClient, message.id],
      [aliceClient, 999_999],
    ] as const) {
      const response = await client.call(api.markMessageRead, { params: { id } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: MESSAGE_TEXT.messageNotFound, code: ErrorCode.NotFound });
    }
    expect((await list(aliceClient)).inbox.find((m) => m.id === message.id)).toMatchObject({ isRead: false });
    expect(await unread(aliceClient)).toEqual({ unreadCount: 1 });
  });

  it('needs a signed-in member', async () => {
    const { client } = await createMember(app);
    client.cookie = undefined;
    expect((await client.call(api.markMessageRead, { params: { id: 1 } })).statusCode).toBe(401);
  });
});
