import { api, type GroupBuyProgress, SERVER_TEXT } from '@enclave/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import type { TestClient } from '../test/client.ts';
import { createMember } from '../test/factories.ts';
import { aThread, grantCoins } from '../test/forum.ts';
import { type BrowserTabs, listeningWithTabs, quiet, received, type Tab } from '../test/tabs.ts';

let app: App;
let tabs: BrowserTabs;

beforeAll(async () => {
  ({ app, tabs } = await listeningWithTabs());
});

/** A browser tab (a visitor's without a client), recording every event it receives. */
const openTab = (client?: TestClient) => tabs.open(client);

const watch = (tab: Tab, threadId: number) => tab.timeout(5000).emitWithAck('thread:watch', threadId);

const reply = (client: TestClient, id: number, content: string) =>
  client.call(api.reply, { params: { id }, body: { content } });

describe('watching a thread', () => {
  it('is allowed with read access and refused otherwise', async () => {
    const { user: author } = await createMember(app);
    const open = await aThread(app, author);
    const hidden = await aThread(app, author, { isPrivate: true });
    const premium = await aThread(app, author, { isPremium: true, premiumCost: 5 });
    const { user: buyer, client: buyerClient } = await createMember(app);
    await grantCoins(app, buyer.id, 5);
    await buyerClient.call(api.spendCoins, { body: { amount: 5, referenceId: premium.id, referenceType: 'thread' } });

    const visitor = await openTab();
    expect(await watch(visitor, open.id)).toEqual({ ok: true });
    expect(await watch(visitor, hidden.id)).toEqual({ ok: false, error: SERVER_TEXT.threadNotFound });
    expect(await watch(visitor, premium.id)).toEqual({ ok: false, error: SERVER_TEXT.premiumRequired });
    expect(await watch(visitor, -1)).toEqual({ ok: false, error: SERVER_TEXT.threadNotFound });
    expect(await watch(await openTab(buyerClient), premium.id)).toEqual({ ok: true });
  });

  it('delivers new replies to watchers until they stop watching', async () => {
    const { user: author } = await createMember(app);
    const thread = await aThread(app, author);
    const tab = await openTab();
    await watch(tab, thread.id);
    const { user, client } = await createMember(app);
    await reply(client, thread.id, 'Live!');
    const [pushed] = await received(tab, 'thread:reply');
    expect(pushed).toMatchObject({ threadId: thread.id, post: { content: 'Live!', authorId: user.id } });

    tab.emit('thread:unwatch', thread.id);
    await quiet(app, tab);
    const { client: other } = await createMember(app);
    await reply(other, thread.id, 'Anyone?');
    await quiet(app, tab);
    expect(tab.received.filter(([name]) => name === 'thread:reply')).toHaveLength(1);
  });
});

describe('a viewer without access', () => {
  it('never receives premium or unlockable content', async () => {
    const { user: author, client: authorClient } = await createMember(app);
    const premium = await aThread(app, author, { content: 'PREMIUM-BODY', isPremium: true, premiumCost: 5 });
    const discussion = await aThread(app, author, {
      hasUnlockableContent: true,
      unlockableType: 'text_content',
      unlockableContent: 'UNLOCKABLE-BODY',
    });
    const plain = await aThread(app, author);
    const { client: viewerClient } = await createMember(app);
    const tab = await openTab(viewerClient);
    expect((await watch(tab, premium.id)).ok).toBe(false);
    expect((await watch(tab, discussion.id)).ok).toBe(true);
    expect((await watch(tab, plain.id)).ok).toBe(true);

    // Replies on the premium thread, a buyer unlocking the discussion, a reply there: only the last reaches the viewer.
    await reply(authorClient, premium.id, 'PREMIUM-REPLY');
    const { user: buyer, client: buyerClient } = await createMember(app);
    await grantCoins(app, buyer.id, 100);
    await buyerClient.call(api.unlock, { params: { id: discussion.id }, body: {} });
    await reply(buyerClient, discussion.id, 'thanks for the notes');
    await received(tab, 'thread:reply');

    // An admin makes the plain thread premium: the viewer leaves its room before anything more is said there.
    const { client: admin } = await createMember(app, { isAdmin: true });
    await admin.call(api.editThread, { params: { id: plain.id }, body: { isPremium: true, premiumCost: 9 } });
    await quiet(app, tab);
    await reply(authorClient, plain.id, 'NOW-PREMIUM-REPLY');
    await quiet(app, tab);

    const everything = JSON.stringify(tab.received);
    for (const secret of ['PREMIUM-BODY', 'PREMIUM-REPLY', 'UNLOCKABLE-BODY', 'NOW-PREMIUM-REPLY']) {
      expect(everything).not.toContain(secret);
    }
    expect(tab.received.filter(([name]) => name === 'thread:reply')).toHaveLength(1);
  });
});

describe('group-buy progress', () => {
  it('reaches a watcher at every step, and participants in their own rooms, with one completion', async () => {
    const { user: organizer } = await createMember(app);
    const thread = await aThread(app, organizer, {
      isGroupBuy: true,
      groupBuyParticipantsRequired: 3,
      groupBuyContributionAmount: 10,
    });
    const watcher = await openTab();
    await watch(watcher, thread.id);
    const members = await Promise.all([createMember(app), createMember(app), createMember(app)]);
    const firstTab = await openTab(members[0].client);
    for (const { user, client } of members) {
      await grantCoins(app, user.id, 10);
      await client.call(api.contribute, { params: { id: thread.id }, body: { amount: 10 } });
    }
    const steps = (await received(watcher, 'groupbuy:progress', 3)) as GroupBuyProgress[];
    expect(steps).toEqual([
      { threadId: thread.id, current: 1, required: 3, isCompleted: false },
      { threadId: thread.id, current: 2, required: 3, isCompleted: false },
      { threadId: thread.id, current: 3, required: 3, isCompleted: true },
    ]);
    expect((await received(firstTab, 'groupbuy:progress', 3)).map((p) => (p as GroupBuyProgress).current)).toEqual([
      1, 2, 3,
    ]);
    await received(watcher, 'groupbuy:completed');
    await received(firstTab, 'groupbuy:completed');
    await quiet(app, watcher, firstTab);
    expect(watcher.received.filter(([name]) => name === 'groupbuy:completed')).toHaveLength(1);
    expect(firstTab.received.filter(([name]) => name === 'groupbuy:completed')).toHaveLength(1);
  });
});

describe('the approval queue', () => {
  it('updates live for staff only', async () => {
    const { client: moderatorClient } = await createMember(app, { isModerator: true });
    const staffTab = await openTab(moderatorClient);
    const { user: author, client: authorClient } = await createMember(app);
    const memberTab = await openTab(authorClient);
    const pending = await aThread(app, author, { title: 'Please approve' }, { approved: false });

    const [queued] = await received(staffTab, 'approval:queued');
    expect(queued).toMatchObject({ thread: { id: pending.id, title: 'Please approve', isApproved: false } });
    await moderatorClient.call(api.approveThread, { params: { id: pending.id } });
    expect(await received(staffTab, 'approval:approved')).toEqual([{ threadId: pending.id }]);
    await quiet(app, memberTab);
    expect(memberTab.received.filter(([name]) => name.startsWith('approval:'))).toHaveLength(0);
  });
});
