import { api, type Thread } from '@enclave/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { createTestApp } from '../test/app.ts';
import { TestClient } from '../test/client.ts';
import { createMember, DEFAULT_PASSWORD, signedInCookie } from '../test/factories.ts';
import { aThread, grantCoins } from '../test/forum.ts';
import { commandsDuring } from '../test/scans.ts';
import type { UserRecord } from '../users/user-model.ts';

/**
 * A member's list of threads reads nothing from the database once warm: the session's member comes from the
 * member directory and what they hold from the holdings memory, and both follow every write at once.
 */
let app: App;
let author: UserRecord;
let staff: TestClient;

beforeAll(async () => {
  app = await createTestApp();
  ({ user: author } = await createMember(app));
  ({ client: staff } = await createMember(app, { isAdmin: true }));
});

const listed = async (client: TestClient, id: number): Promise<Thread | undefined> => {
  const response = await client.call(api.threads);
  expect(response.statusCode).toBe(200);
  return (response.json() as Thread[]).find((thread) => thread.id === id);
};

describe('GET /api/threads for a signed-in member', () => {
  it('sends no database command once warm, with premium threads held and not held on the page', async () => {
    const held = await aThread(app, author, { isPremium: true, premiumCost: 5 });
    const notHeld = await aThread(app, author, { isPremium: true, premiumCost: 5 });
    const { user, client } = await createMember(app);
    await grantCoins(app, user.id, 10);
    const spend = { amount: 5, referenceType: 'thread', referenceId: held.id };
    expect((await client.call(api.spendCoins, { body: spend })).statusCode).toBe(200);

    expect(await listed(client, held.id)).toMatchObject({ userHasAccess: true });
    expect(await commandsDuring(app, () => listed(client, notHeld.id))).toEqual([]);
    expect(await listed(client, notHeld.id)).toMatchObject({ userHasAccess: false, content: '' });
  });

  it('shows a purchase at once, though the page was answered from memory before it', async () => {
    const thread = await aThread(app, author, { isPremium: true, premiumCost: 5 });
    const { user, client } = await createMember(app);
    await grantCoins(app, user.id, 10);
    expect(await listed(client, thread.id)).toMatchObject({ userHasAccess: false });
    const spend = { amount: 5, referenceType: 'thread', referenceId: thread.id };
    expect((await client.call(api.spendCoins, { body: spend })).statusCode).toBe(200);
    expect(await listed(client, thread.id)).toMatchObject({ userHasAccess: true, content: thread.content });
  });

  it('opens a completed group buy to its participants at once', async () => {
    const groupBuy = await aThread(app, author, {
      isGroupBuy: true,
      groupBuyParticipantsRequired: 2,
      groupBuyContributionAmount: 10,
    });
    const members = [await createMember(app), await createMember(app)];
    for (const { user } of members) await grantCoins(app, user.id, 10);
    const [first, second] = members.map(({ client }) => client) as [TestClient, TestClient];
    const contribute = (client: TestClient) =>
      client.call(api.contribute, { params: { id: groupBuy.id }, body: { amount: 10 } });
    const content = async () =>
      ((await first.call(api.thread, { params: { id: groupBuy.id } })).json() as Thread).groupBuyContent;

    expect((await contribute(first)).statusCode).toBe(200);
    expect(await content()).toBeNull();
    expect((await contribute(second)).statusCode).toBe(200);
    expect(await content()).toBe('GROUP-BUY-CONTENT');
  });

  it('never shows one member the thread as it was presented to another who may read more', async () => {
    const premium = await aThread(app, author, { isPremium: true, premiumCost: 5, content: 'Paid words' });
    const { user: buyer, client: buyerClient } = await createMember(app);
    const { user: chosen, client: chosenClient } = await createMember(app);
    const { client: other } = await createMember(app);
    await grantCoins(app, buyer.id, 10);
    const spend = { amount: 5, referenceType: 'thread', referenceId: premium.id };
    expect((await buyerClient.call(api.spendCoins, { body: spend })).statusCode).toBe(200);
    const shared = await aThread(app, author, { isPrivate: true, allowedUserIds: [chosen.id] });

    // In turns, so each list follows one presented to someone with more (or less) access.
    for (let round = 0; round < 2; round++) {
      expect(await listed(buyerClient, premium.id)).toMatchObject({ content: 'Paid words', userHasAccess: true });
      expect(await listed(other, premium.id)).toMatchObject({ content: '', userHasAccess: false });
      expect((await listed(staff, shared.id))?.allowedUserIds).toEqual([chosen.id]);
      expect(await listed(chosenClient, shared.id)).not.toHaveProperty('allowedUserIds');
    }
  });

  it('answers members who see a page alike with the same JSON, and the next list after a change shows it', async () => {
    const thread = await aThread(app, author, { title: 'Before the edit' });
    const { client: first } = await createMember(app);
    const { client: second } = await createMember(app);
    const page = async (client: TestClient) => {
      const response = await client.call(api.threads);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      return response.body;
    };
    const before = await page(first);
    expect(await page(second)).toBe(before);
    expect(JSON.parse(before)[0]).toMatchObject({ id: thread.id, title: 'Before the edit', replyCount: 0 });

    const edit = { params: { id: thread.id }, body: { title: 'After the edit' } };
    expect((await staff.call(api.editThread, edit)).statusCode).toBe(200);
    const reply = await second.call(api.reply, { params: { id: thread.id }, body: { content: 'A reply' } });
    expect(reply.statusCode).toBe(201);
    for (const client of [first, second]) {
      expect(await listed(client, thread.id)).toMatchObject({ title: 'After the edit', replyCount: 1 });
    }
  });

  it('refuses a banned member on the next request', async () => {
    const { user, client } = await createMember(app);
    expect((await client.call(api.user)).statusCode).toBe(200);
    expect((await staff.call(api.banUser, { params: { id: user.id }, body: {} })).statusCode).toBe(200);
    expect((await client.call(api.user)).statusCode).toBe(401);
  });

  it('refuses the old sessions at once after a password change, and keeps the new one', async () => {
    const { user, client } = await createMember(app);
    const other = new TestClient(app);
    other.cookie = await signedInCookie(app, user);
    expect((await other.call(api.user)).statusCode).toBe(200);
    const change = {
      currentPassword: DEFAULT_PASSWORD,
      newPassword: 'another-horse-9',
      confirmPassword: 'another-horse-9',
    };
    expect((await client.call(api.changePassword, { body: change })).statusCode).toBe(200);
    expect((await other.call(api.user)).statusCode).toBe(401);
    expect((await client.call(api.user)).statusCode).toBe(200);
  });
});
