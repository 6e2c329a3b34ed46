import { api, DEFAULT_NOTIFICATION_PREFERENCES, NOTIFICATION_DIGEST_PERIOD_MS } from '@enclave/protocol';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../app.ts';
import { createTestApp } from '../test/app.ts';
import type { TestClient } from '../test/client.ts';
import { createMember } from '../test/factories.ts';
import { aThread } from '../test/forum.ts';
import { type Mailbox, startMailbox } from '../test/mailbox.ts';
import { sendDueDigests } from './digest.ts';

let app: App;
let other: App;
let mailbox: Mailbox;

beforeAll(async () => {
  mailbox = await startMailbox();
  app = await createTestApp({ SMTP_URL: mailbox.url });
  // A second process on the same database, as behind a load balancer.
  other = await createTestApp({ SMTP_URL: mailbox.url }, app.config.database);
});

afterEach(() => {
  vi.useRealTimers();
});

const HOUR = NOTIFICATION_DIGEST_PERIOD_MS;
const later = (periods: number) => new Date(Date.now() + periods * HOUR);

async function emailedAboutReplies(client: TestClient) {
  const kinds = { ...DEFAULT_NOTIFICATION_PREFERENCES.kinds, reply: { app: false, email: true } };
  expect((await client.call(api.saveNotificationPreferences, { body: { kinds } })).statusCode).toBe(200);
}

async function replyAndSettle(threadId: number) {
  const { client } = await createMember(app);
  await client.call(api.reply, { params: { id: threadId }, body: { content: 'Count me in' } });
  // The reply's notifications are made after its answer, as tracked background work.
  await app.settled();
}

describe('email digests', () => {
  it('are off by default: nothing is mailed', async () => {
    const { user } = await createMember(app);
    const thread = await aThread(app, user);
    await replyAndSettle(thread.id);
    await sendDueDigests(app, later(1));
    expect(mailbox.countFor(user.email)).toBe(0);
  });

  it('send one mail per period with everything in it, once, even with two processes and a restart', async () => {
    const { user, client } = await createMember(app);
    await emailedAboutReplies(client);
    const thread = await aThread(app, user, { title: 'Tea tasting' });
    await replyAndSettle(thread.id);
    await replyAndSettle(thread.id);

    // Nothing before the period is over: at most one digest an hour.
    await sendDueDigests(app, new Date());
    expect(mailbox.countFor(user.email)).toBe(0);

    await Promise.all([sendDueDigests(app, later(1)), sendDueDigests(other, later(1))]);
    expect(mailbox.countFor(user.email)).toBe(1);
    const [mail] = mailbox.mails.filter((m) => m.to.includes(user.email));
    expect(mail?.raw).toContain('2 new notifications');
    expect(mail?.raw.match(/replied in/g)?.length).toBe(2);
    expect(mail?.raw).toContain('Tea tasting');
    expect(mail?.raw).not.toContain('Count me in');

    // A process started afterwards finds the period done.
    const restarted = await createTestApp({ SMTP_URL: mailbox.url }, app.config.database);
    await sendDueDigests(restarted, later(1));
    await sendDueDigests(app, later(1));
    expect(mailbox.countFor(user.email)).toBe(1);

    // The next digest carries only what came after the last one: a reply an hour on (only Date is faked).
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start + HOUR });
    await replyAndSettle(thread.id);
    await sendDueDigests(app, new Date(start + 2 * HOUR));
    expect(mailbox.countFor(user.email)).toBe(2);
    const second = mailbox.mails.filter((m) => m.to.includes(user.email))[1];
    expect(second?.raw).toContain('1 new notification');
  });

  it('names a thread only if the member may still see it when the digest goes', async () => {
    // Hours after the periods the test above finished.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 10 * HOUR });
    const { user, client } = await createMember(app);
    const { user: author } = await createMember(app, { isModerator: true });
    const { client: admin } = await createMember(app, { isAdmin: true });
    await emailedAboutReplies(client);
    const thread = await aThread(app, author, { title: 'Closing soon' });
    await client.call(api.reply, { params: { id: thread.id }, body: { content: 'First' } });
    await app.settled();
    await replyAndSettle(thread.id);
    await admin.call(api.editThread, { params: { id: thread.id }, body: { isPrivate: true, allowedUserIds: [] } });
    await sendDueDigests(app, later(1));
    const [mail] = mailbox.mails.filter((m) => m.to.includes(user.email));
    expect(mail?.raw).toContain('replied in a thread');
    expect(mail?.raw).not.toContain('Closing soon');
  });
});
