import { api, VALIDATION } from '@enclave/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { replyModels } from '../replies/models.ts';
import { createTestApp } from '../test/app.ts';
import { TestClient } from '../test/client.ts';
import { createMember } from '../test/factories.ts';
import { aCategory, aThread, grantCoins } from '../test/forum.ts';
import { threadModels } from './models.ts';

let app: App;

beforeAll(async () => {
  app = await createTestApp();
});

const edit = (client: TestClient, id: number, body: Record<string, unknown>) =>
  client.call(api.editThread, { params: { id }, body });

describe("a thread's abilities (what its page offers)", () => {
  it('give Edit Thread and Delete Thread to admins only, though moderators may delete from the console', async () => {
    const { user: author, client: authorClient } = await createMember(app);
    const thread = await aThread(app, author);
    const { client: moderator } = await createMember(app, { isModerator: true });
    const { client: admin } = await createMember(app, { isAdmin: true });
    const { client: unverifiedAdmin } = await createMember(app, { isAdmin: true, isEmailVerified: false });
    const abilitiesFor = async (client: TestClient) =>
      (await client.call(api.thread, { params: { id: thread.id } })).json().abilities;
    expect(await abilitiesFor(admin)).toEqual({ canEdit: true, canDelete: true });
    for (const client of [moderator, authorClient, new TestClient(app), unverifiedAdmin]) {
      expect(await abilitiesFor(client)).toEqual({ canEdit: false, canDelete: false });
    }
    // Lists carry no abilities; the server's own rule is unchanged: a moderator's delete is allowed.
    const listed = (await admin.call(api.threads, { query: {} })).json();
    expect(listed.every((t: { abilities?: unknown }) => t.abilities === undefined)).toBe(true);
    expect((await moderator.call(api.deleteThread, { params: { id: thread.id } })).statusCode).toBe(200);
  });
});

describe('editing a thread (PATCH /api/admin/threads/{id})', () => {
  it('is for admins only', async () => {
    const { user: author, client: authorClient } = await createMember(app);
    const thread = await aThread(app, author);
    const { client: moderator } = await createMember(app, { isModerator: true });
    for (const client of [authorClient, moderator]) {
      expect((await edit(client, thread.id, { title: 'Changed title' })).statusCode).toBe(403);
    }
    expect((await edit(new TestClient(app), thread.id, { title: 'Changed title' })).statusCode).toBe(401);
  });

  it('changes only the fields sent, with tags normalised', async () => {
    const { user: author } = await createMember(app);
    const thread = await aThread(app, author, { title: 'Old title', tags: ['a'] });
    const other = await aCategory(app);
    const { client: admin } = await createMember(app, { isAdmin: true });
    const response = await edit(admin, thread.id, {
      title: 'New title',
      categoryId: other.id,
      tags: [' Tools', 'tools', 'VPN '],
      isPremium: true,
      premiumCost: 40,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      title: 'New title',
      content: thread.content,
      categoryId: other.id,
      tags: ['tools', 'vpn'],
      isPremium: true,
      premiumCost: 40,
    });
  });

  it('refuses fields outside the edit form, and stores nothing (hole 8)', async () => {
    const { user: author } = await createMember(app);
    const { user: other } = await createMember(app);
    const thread = await aThread(app, author, { title: 'Kept title' });
    const { client: admin } = await createMember(app, { isAdmin: true });
    for (const extra of [{ authorId: other.id }, { isSisterThread: true }, { parentThreadId: thread.id }]) {
      const response = await edit(admin, thread.id, { title: 'Sneaky title', ...extra });
      expect(response.statusCode).toBe(400);
    }
    expect(await threadModels(app).Thread.findOne({ id: thread.id }).lean()).toMatchObject({
      title: 'Kept title',
      authorId: author.id,
      isSisterThread: false,
      parentThreadId: null,
    });
  });

  it("uses spec 001's texts, including the conditional rules", async () => {
    const { user: author } = await createMember(app);
    const thread = await aThread(app, author);
    const { client: admin } = await createMember(app, { isAdmin: true });
    const message = async (body: Record<string, unknown>) => (await edit(admin, thread.id, body)).json().message;
    expect(await message({ title: 'ab' })).toBe(VALIDATION.editTitleMin);
    expect(await message({ content: 'too short' })).toBe(VALIDATION.editContentMin);
    expect(await message({ isPremium: true, premiumCost: 0 })).toBe(VALIDATION.premiumCostRequired);
    expect(await message({ hasUnlockableContent: true, unlockableCost: null, unlockableContent: 'x' })).toBe(
      VALIDATION.unlockableCostRequired,
    );
    expect(await message({ hasUnlockableContent: true, unlockableCost: 5, unlockableContent: ' ' })).toBe(
      VALIDATION.unlockableContentRequired,
    );
    expect(await message({ isGroupBuy: true, groupBuyParticipantsRequired: 0, groupBuyContributionAmount: 5 })).toBe(
      VALIDATION.participantsRequired,
    );
    expect(await message({ isGroupBuy: true, groupBuyParticipantsRequired: 3, groupBuyContributionAmount: null })).toBe(
      VALIDATION.contributionRequired,
    );
    expect(await threadModels(app).Thread.findOne({ id: thread.id }).lean()).toMatchObject({ isPremium: false });
  });

  it('keeps a group buy consistent with the contributions already made', async () => {
    const { user: organizer } = await createMember(app);
    const thread = await aThread(app, organizer, {
      isGroupBuy: true,
      groupBuyParticipantsRequired: 3,
      groupBuyContributionAmount: 10,
    });
    for (let i = 0; i < 2; i++) {
      const { user, client } = await createMember(app);
      await grantCoins(app, user.id, 10);
      await client.call(api.contribute, { params: { id: thread.id }, body: { amount: 10 } });
    }
    const { client: admin } = await createMember(app, { isAdmin: true });
    expect((await edit(admin, thread.id, { groupBuyParticipantsRequired: 1 })).json().message).toBe(
      'Participants required cannot be below the 2 members who contributed',
    );
    expect((await edit(admin, thread.id, { groupBuyContributionAmount: 20 })).json().message).toBe(
      'The contribution amount cannot change once members have contributed',
    );
    expect((await edit(admin, thread.id, { groupBuyParticipantsRequired: 5 })).json()).toMatchObject({
      groupBuyParticipantsRequired: 5,
      groupBuyCurrentParticipants: 2,
    });
  });

  it("keeps a premium sister thread's price and its parent's unlock price in step", async () => {
    const { user: author } = await createMember(app);
    const thread = await aThread(app, author, {
      hasUnlockableContent: true,
      unlockableType: 'premium_thread',
      unlockableCost: 25,
      sisterContent: 'Inner circle',
    });
    const { client: admin } = await createMember(app, { isAdmin: true });
    expect((await edit(admin, thread.id, { unlockableCost: 60 })).statusCode).toBe(200);
    expect(await threadModels(app).Thread.findOne({ id: thread.sisterThreadId }).lean()).toMatchObject({
      premiumCost: 60,
    });
    expect((await edit(admin, thread.sisterThreadId as number, { premiumCost: 70 })).statusCode).toBe(200);
    expect(await threadModels(app).Thread.findOne({ id: thread.id }).lean()).toMatchObject({ unlockableCost: 70 });
  });
});

describe('deleting a thread (DELETE /api/admin/threads/{id})', () => {
  it('is open to moderators and admins, and deletes the premium sister and the replies', async () => {
    const { user: author, client: authorClient } = await createMember(app);
    const thread = await aThread(app, author, {
      title: 'Going away',
      hasUnlockableContent: true,
      unlockableType: 'premium_thread',
      sisterContent: 'Inner circle',
    });
    const { client: replier } = await createMember(app);
    await replier.call(api.reply, { params: { id: thread.id }, body: { content: 'bye' } });
    expect((await authorClient.call(api.deleteThread, { params: { id: thread.id } })).statusCode).toBe(403);

    const { client: moderator } = await createMember(app, { isModerator: true });
    const response = await moderator.call(api.deleteThread, { params: { id: thread.id } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'Thread deleted',
      deletedThreadInfo: { id: thread.id, title: 'Going away', sisterThreadId: thread.sisterThreadId },
    });
    for (const id of [thread.id, thread.sisterThreadId as number]) {
      expect((await moderator.call(api.thread, { params: { id } })).statusCode).toBe(404);
      const tombstone = await threadModels(app).Thread.findOne({ id }).lean();
      expect(tombstone?.deletedAt).toBeInstanceOf(Date);
      expect(tombstone?.content).toBe('');
    }
    expect(await replyModels(app).Reply.countDocuments({ threadId: thread.id })).toBe(0);
    expect((await moderator.call(api.threads)).json().map((t: { id: number }) => t.id)).not.toContain(thread.id);
    expect((await moderator.call(api.deleteThread, { params: { id: thread.id } })).statusCode).toBe(404);
  });

  it('deleting a sister thread unlinks it from its parent', async () => {
    const { user: author } = await createMember(app);
    const thread = await aThread(app, author, {
      hasUnlockableContent: true,
      unlockableType: 'premium_thread',
      sisterContent: 'Inner circle',
    });
    const { client: admin } = await createMember(app, { isAdmin: true });
    await admin.call(api.deleteThread, { params: { id: thread.sisterThreadId as number } });
    expect((await admin.call(api.thread, { params: { id: thread.id } })).json().sisterThreadId).toBeNull();
  });
});

describe('the moderation log', () => {
  it('records who approved, edited and deleted a thread', async () => {
    const { user: admin, client: adminClient } = await createMember(app, { isAdmin: true });
    const { user: moderator, client: moderatorClient } = await createMember(app, { isModerator: true });
    const { user: author, client: authorClient } = await createMember(app);
    const category = await aCategory(app);
    const created = await authorClient.call(api.createThread, {
      body: { title: 'Logged thread', content: 'A thread that staff will handle.', categoryId: category.id, tags: [] },
    });
    const id = created.json().id as number;
    expect((await moderatorClient.call(api.approveThread, { params: { id } })).statusCode).toBe(200);
    expect((await edit(adminClient, id, { title: 'Logged thread, edited' })).statusCode).toBe(200);
    expect((await moderatorClient.call(api.deleteThread, { params: { id } })).statusCode).toBe(200);

    const log = (await adminClient.call(api.moderationLog)).json() as {
      actor: { id: number } | null;
      action: string;
      targetId: number | null;
    }[];
    const forThread = log.filter((entry) => entry.targetId === id).map((e) => [e.action, e.actor?.id]);
    expect(forThread).toEqual([
      ['thread.delete', moderator.id],
      ['thread.edit', admin.id],
      ['thread.approve', moderator.id],
    ]);
    expect(author.id).not.toBe(moderator.id);
  });
});
