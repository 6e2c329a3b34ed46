import { api } from '@enclave/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { sendMessage } from '../private-messages/service.ts';
import { reply } from '../replies/service.ts';
import { createMember } from '../test/factories.ts';
import { aThread } from '../test/forum.ts';
import { type BrowserTabs, eventsNamed, listeningWithTabs, quiet, received } from '../test/tabs.ts';

let app: App;
let tabs: BrowserTabs;

beforeAll(async () => {
  ({ app, tabs } = await listeningWithTabs());
});

async function staffAndMemberTabs() {
  const { client: moderator } = await createMember(app, { isModerator: true });
  const { client: admin } = await createMember(app, { isAdmin: true });
  const { user: member, client: memberClient } = await createMember(app);
  return {
    moderator,
    admin,
    member,
    memberClient,
    moderatorTab: await tabs.open(moderator),
    adminTab: await tabs.open(admin),
    memberTab: await tabs.open(memberClient),
  };
}

describe('the report queue, live', () => {
  it('shows every staff member a new report and then its resolution; members see neither', async () => {
    const { moderator, memberClient, moderatorTab, adminTab, memberTab } = await staffAndMemberTabs();
    const { user: author } = await createMember(app);
    const thread = await aThread(app, author);

    const created = await memberClient.call(api.createReport, {
      body: { contentType: 'thread', contentId: thread.id, reason: 'Off topic' },
    });
    expect(created.statusCode).toBe(201);
    const reportId = created.json().id;

    for (const tab of [moderatorTab, adminTab]) {
      const [queued] = await received(tab, 'report:queued');
      expect(queued).toEqual({ report: created.json() });
    }
    await moderator.call(api.dismissReport, { params: { id: reportId } });
    for (const tab of [moderatorTab, adminTab]) {
      expect(await received(tab, 'report:resolved')).toEqual([{ reportId, status: 'dismissed' }]);
    }
    await quiet(app, memberTab);
    expect(eventsNamed(memberTab, 'report:')).toEqual([]);
  });
});

describe('the approval queue, live', () => {
  it('shows every staff member a pending thread, and its approval removes it from every queue', async () => {
    const { moderator, member, moderatorTab, adminTab, memberTab } = await staffAndMemberTabs();
    const pending = await aThread(app, member, { title: 'Waiting for approval' }, { approved: false });

    for (const tab of [moderatorTab, adminTab]) {
      const [queued] = await received(tab, 'approval:queued');
      expect(queued).toMatchObject({ thread: { id: pending.id, title: 'Waiting for approval', isApproved: false } });
    }
    expect((await moderator.call(api.approveThread, { params: { id: pending.id } })).statusCode).toBe(200);
    for (const tab of [moderatorTab, adminTab]) {
      expect(await received(tab, 'approval:approved')).toEqual([{ threadId: pending.id }]);
    }
    await quiet(app, memberTab);
    expect(eventsNamed(memberTab, 'approval:')).toEqual([]);
  });
});

describe('content removed by Take Action', () => {
  it("leaves the thread's page and both members' message boxes at once", async () => {
    const { admin } = await staffAndMemberTabs();
    const { user: author, client: authorClient } = await createMember(app);
    const { user: reader, client: readerClient } = await createMember(app);
    const thread = await aThread(app, author);
    const post = await reply(app, author, thread.id, 'Something rude');
    const message = await sendMessage(app, author, { content: 'Rude message', recipientId: reader.id });
    const readerTab = await tabs.open(readerClient);
    const authorTab = await tabs.open(authorClient);
    expect(await readerTab.timeout(5000).emitWithAck('thread:watch', thread.id)).toEqual({ ok: true });

    for (const [contentType, contentId] of [
      ['post', post.id],
      ['message', message.id],
    ] as const) {
      const created = await readerClient.call(api.createReport, { body: { contentType, contentId, reason: 'Rude' } });
      await admin.call(api.approveReport, { params: { id: created.json().id } });
    }

    expect(await received(readerTab, 'thread:reply-removed')).toEqual([{ threadId: thread.id, postId: post.id }]);
    expect(await received(readerTab, 'message:removed')).toEqual([{ id: message.id }]);
    expect(await received(authorTab, 'message:removed')).toEqual([{ id: message.id }]);
    expect((await received(readerTab, 'message:unread')).at(-1)).toEqual({ unreadCount: 0 });
  });
});

describe('staff who must add a second factor (STAFF_REQUIRE_2FA)', () => {
  it('hear nothing of the live queues until they have one', async () => {
    const strict = await listeningWithTabs({ STAFF_REQUIRE_2FA: 'true' });
    const { client: moderator } = await createMember(strict.app, { isModerator: true });
    const waiting = await strict.tabs.open(moderator);
    const { client: member } = await createMember(strict.app);
    const { user: author } = await createMember(strict.app);
    const thread = await aThread(strict.app, author);
    const created = await member.call(api.createReport, {
      body: { contentType: 'thread', contentId: thread.id, reason: 'Off topic' },
    });
    expect(created.statusCode).toBe(201);
    await quiet(strict.app, waiting);
    expect(eventsNamed(waiting, 'report:')).toEqual([]);
  });
});
