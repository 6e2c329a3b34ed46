import { api } from '@enclave/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { readRange } from '../storage/index.ts';
import { createTestApp } from '../test/app.ts';
import { createMember } from '../test/factories.ts';
import { inboxOf, sentOf } from './message-model.ts';
import { messageModels } from './models.ts';
import { markRead, sendMessage } from './service.ts';
import { unreadCountOf } from './unread.ts';

let app: App;
let other: App;

beforeAll(async () => {
  app = await createTestApp();
  // A second process on the same database: its appends and refreshes are not queued with the first one's.
  other = await createTestApp({}, app.config.database);
});

const oneTo = (count: number) => Array.from({ length: count }, (_, i) => i + 1);
const numbers = async (list: string) =>
  (await readRange(app, messageModels(app).MessageBoxItem, list, 1, 1000)).map((item) => item.n);

describe('private messages under concurrency, across two processes', () => {
  it('gives 100 concurrent messages to one member the inbox numbers 1-100 and an unread count of 100', {
    timeout: 120_000,
  }, async () => {
    const { user: recipient, client } = await createMember(app);
    const senders = await Promise.all(oneTo(4).map(() => createMember(app)));
    await Promise.all(
      oneTo(100).map((i) =>
        sendMessage(i % 2 ? app : other, senders[i % 4]?.user as never, { content: `${i}`, recipientId: recipient.id }),
      ),
    );
    expect(await numbers(inboxOf(recipient.id))).toEqual(oneTo(100));
    for (const { user } of senders) expect(await numbers(sentOf(user.id))).toEqual(oneTo(25));
    const contents = new Set(
      (await readRange(app, messageModels(app).MessageBoxItem, inboxOf(recipient.id), 1, 100)).map((m) => m.content),
    );
    expect(contents.size).toBe(100);
    expect(await unreadCountOf(app, recipient.id)).toBe(100);
    expect(await unreadCountOf(other, recipient.id)).toBe(100);
    expect((await client.call(api.unreadMessageCount)).json()).toEqual({ unreadCount: 100 });
  });

  it('leaves the exact unread count after concurrent reads of different messages, and one receipt per message', {
    timeout: 120_000,
  }, async () => {
    const { user: recipient, client } = await createMember(app);
    const { user: sender } = await createMember(app);
    const sent = [];
    for (const i of oneTo(12))
      sent.push(await sendMessage(app, sender, { content: `${i}`, recipientId: recipient.id }));
    const receipts: number[] = [];
    for (const process of [app, other]) process.events.on('message.read', ({ message }) => receipts.push(message.id));
    const opened = sent.slice(0, 8);
    // Half read by each process, all at once; the first two also by the other process at the same time.
    await Promise.all([
      ...opened.map((message, i) => markRead(i % 2 ? app : other, recipient, message.id)),
      ...opened.slice(0, 2).map((message, i) => markRead(i % 2 ? other : app, recipient, message.id)),
    ]);
    expect(receipts.sort((a, b) => a - b)).toEqual(opened.map((message) => message.id).sort((a, b) => a - b));
    expect(await unreadCountOf(app, recipient.id)).toBe(4);
    const page = (await client.call(api.listMessages)).json();
    expect(page.unreadCount).toBe(4);
    const read = new Set(opened.map((message) => message.id));
    for (const message of page.inbox) expect(message.isRead, String(message.id)).toBe(read.has(message.id));
  });
});
