import { ADMIN_TEXT, api, FORUM_TEXT, type Thread } from '@enclave/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import type { TestClient } from '../test/client.ts';
import { createMember } from '../test/factories.ts';
import { aThread, grantCoins } from '../test/forum.ts';
import { expectLedgerReconciles } from '../test/reconcile.ts';
import { type BrowserTabs, listeningWithTabs, received } from '../test/tabs.ts';
import { balanceOf } from '../wallet/ledger.ts';
import { escrowAccount } from '../wallet/ledger-keys.ts';

let app: App;
let tabs: BrowserTabs;
let moderator: TestClient;
let admin: TestClient;

beforeAll(async () => {
  ({ app, tabs } = await listeningWithTabs());
  moderator = (await createMember(app, { isModerator: true })).client;
  admin = (await createMember(app, { isAdmin: true })).client;
});

/** A group buy of `required` places at 10 coins, with `joined` members in it. */
async function groupBuyWith(required: number, joined: number) {
  const { user: organizer, client: organizerClient } = await createMember(app);
  const thread = await aThread(app, organizer, {
    isGroupBuy: true,
    groupBuyParticipantsRequired: required,
    groupBuyContributionAmount: 10,
  });
  const members = [];
  for (let i = 0; i < joined; i++) {
    const member = await createMember(app);
    await grantCoins(app, member.user.id, 10);
    await contribute(member.client, thread);
    members.push(member);
  }
  return { organizer, organizerClient, thread, members };
}

const contribute = (client: TestClient, thread: Thread) =>
  client.call(api.contribute, { params: { id: thread.id }, body: { amount: 10 } });

const cancel = (client: TestClient, id: number, reason: string) =>
  client.call(api.cancelGroupBuy, { params: { id }, body: { reason } });

describe('staff cancelling a group buy', () => {
  it('returns every contribution once, live, and logs the reason', async () => {
    const { organizer, thread, members } = await groupBuyWith(3, 2);
    const watcher = await tabs.open();
    await watcher.timeout(5000).emitWithAck('thread:watch', thread.id);
    const wallet = await tabs.open((members[0] as (typeof members)[number]).client);

    const answer = await cancel(moderator, thread.id, '  The seller withdrew the offer  ');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      message: FORUM_TEXT.groupBuyCancelledNow,
      threadId: thread.id,
      status: 'cancelled',
    });
    for (const { user } of members) expect(await balanceOf(app, user.id)).toBe(10);
    expect(await balanceOf(app, escrowAccount(thread.id))).toBe(0);
    expect(await balanceOf(app, organizer.id)).toBe(0);
    expect(await received(watcher, 'groupbuy:ended')).toEqual([{ threadId: thread.id, status: 'cancelled' }]);
    expect((await received(wallet, 'wallet:balance')).at(-1)).toEqual({ balance: 10 });
    // Every contributor is told, live and in their notifications, once.
    expect((await received(wallet, 'notification:new'))[0]).toMatchObject({
      notification: { kind: 'groupBuy', outcome: 'cancelled', threadId: thread.id },
    });
    for (const { client } of members) {
      const { notifications } = (await client.call(api.notifications)).json();
      expect(notifications.map((n: { kind: string; outcome: string }) => [n.kind, n.outcome])).toEqual([
        ['groupBuy', 'cancelled'],
      ]);
    }

    const log = (await admin.call(api.moderationLog, { query: { action: 'groupBuy.cancel' } })).json();
    expect(log[0]).toMatchObject({
      action: 'groupBuy.cancel',
      targetType: 'thread',
      targetId: thread.id,
      reason: 'The seller withdrew the offer',
    });
    const late = await createMember(app);
    await grantCoins(app, late.user.id, 10);
    expect((await contribute(late.client, thread)).json().message).toBe(FORUM_TEXT.groupBuyCancelled);
    expect((await admin.call(api.thread, { params: { id: thread.id } })).json()).toMatchObject({
      groupBuyStatus: 'cancelled',
    });
    await expectLedgerReconciles(app);
  });

  it('tells every tab of the end of a group buy everyone sees, and of a private one only its room and members', async () => {
    const { user: chosen } = await createMember(app);
    const { user: organizer } = await createMember(app);
    const secret = await aThread(app, organizer, {
      isGroupBuy: true,
      isPrivate: true,
      allowedUserIds: [chosen.id],
      groupBuyParticipantsRequired: 3,
      groupBuyContributionAmount: 10,
    });
    const { thread } = await groupBuyWith(3, 1);
    // Tabs on the home page: watching no thread.
    const visitor = await tabs.open();
    const stranger = await tabs.open((await createMember(app)).client);

    expect((await cancel(moderator, secret.id, 'Not enough interest')).statusCode).toBe(200);
    expect((await cancel(moderator, thread.id, 'Not enough interest')).statusCode).toBe(200);

    for (const tab of [visitor, stranger]) {
      // Events reach a tab in the order they were sent: the private buy's would have come first.
      expect(await received(tab, 'groupbuy:ended')).toEqual([{ threadId: thread.id, status: 'cancelled' }]);
    }
  });

  it('refuses an ended group buy, staff who organise or joined it, and a missing reason', async () => {
    const complete = await groupBuyWith(1, 1);
    const refused = await cancel(moderator, complete.thread.id, 'Too late');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(FORUM_TEXT.groupBuyNotCancellable);
    expect(await balanceOf(app, complete.organizer.id)).toBe(10);

    const open = await groupBuyWith(3, 1);
    expect((await cancel(moderator, open.thread.id, 'Once')).statusCode).toBe(200);
    expect((await cancel(admin, open.thread.id, 'Twice')).statusCode).toBe(409);

    // Staff never decide about their own money: their own group buy, or one they paid into.
    const { user: staffOrganizer, client: staffClient } = await createMember(app, { isModerator: true });
    const own = await aThread(app, staffOrganizer, {
      isGroupBuy: true,
      groupBuyParticipantsRequired: 3,
      groupBuyContributionAmount: 10,
    });
    expect((await cancel(staffClient, own.id, 'Mine')).statusCode).toBe(403);
    const joined = await groupBuyWith(3, 0);
    const { user: staffMember, client: staffMemberClient } = await createMember(app, { isModerator: true });
    await grantCoins(app, staffMember.id, 10);
    expect((await contribute(staffMemberClient, joined.thread)).statusCode).toBe(200);
    const ownMoney = await cancel(staffMemberClient, joined.thread.id, 'I want out');
    expect(ownMoney.statusCode).toBe(403);
    expect(ownMoney.json().message).toBe(FORUM_TEXT.ownGroupBuy);

    for (const reason of ['', '   ']) {
      const blank = await cancel(moderator, joined.thread.id, reason);
      expect(blank.statusCode).toBe(400);
      expect(blank.json().message).toBe(ADMIN_TEXT.reasonRequired);
    }
    const plain = await aThread(app, joined.organizer);
    expect((await cancel(moderator, plain.id, 'Not one')).json().message).toBe(FORUM_TEXT.notGroupBuy);
    await expectLedgerReconciles(app);
  });

  it('deleting an open group buy gives its escrow back first', async () => {
    const { thread, members } = await groupBuyWith(4, 3);
    expect((await moderator.call(api.deleteThread, { params: { id: thread.id } })).statusCode).toBe(200);
    for (const { user } of members) expect(await balanceOf(app, user.id)).toBe(10);
    expect(await balanceOf(app, escrowAccount(thread.id))).toBe(0);
    await expectLedgerReconciles(app);
  });
});
