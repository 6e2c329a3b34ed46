import { api, ErrorCode, type Thread, VALIDATION } from '@enclave/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { createTestApp } from '../test/app.ts';
import { TestClient } from '../test/client.ts';
import { createMember } from '../test/factories.ts';
import { aCategory, aThread } from '../test/forum.ts';
import { threadModels } from './models.ts';

let app: App;
let categoryId: number;

beforeAll(async () => {
  app = await createTestApp();
  categoryId = (await aCategory(app)).id;
});

const ids = (threads: Thread[]) => threads.map((t) => t.id);

describe('creating a thread', () => {
  it('answers 201 with the thread, tags trimmed, lowercased and deduplicated', async () => {
    const { user, client } = await createMember(app);
    const response = await client.call(api.createThread, {
      body: { title: '  Self-hosting  ', content: 'Which VPS?', categoryId, tags: [' VPN ', 'vpn', 'Privacy', ' '] },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      title: 'Self-hosting',
      authorId: user.id,
      authorName: user.username,
      tags: ['vpn', 'privacy'],
      isApproved: false,
      userHasAccess: true,
      replyCount: 0,
      category: { id: categoryId },
    });
  });

  it("uses the spec's texts for missing title, content, participants and contribution", async () => {
    const { client } = await createMember(app);
    const send = (body: Record<string, unknown>) =>
      client.call(api.createThread, { body: { title: 'T', content: 'C', categoryId, ...body } });
    expect((await send({ title: '   ' })).json().message).toBe(VALIDATION.titleRequired);
    expect((await send({ content: '' })).json().message).toBe(VALIDATION.contentRequired);
    expect((await send({ isGroupBuy: true, groupBuyParticipantsRequired: 0 })).json().message).toBe(
      VALIDATION.participantsMin,
    );
    expect((await send({ isGroupBuy: true, groupBuyContributionAmount: 0 })).json().message).toBe(
      VALIDATION.contributionMin,
    );
    const tooMany = await send({ isGroupBuy: true, groupBuyParticipantsRequired: 101, groupBuyContent: 'A key' });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('A group buy can have at most 100 participants');
  });

  it('refuses a group buy that is also a premium discussion, an unknown category and unknown allowed users', async () => {
    const { client } = await createMember(app);
    const both = await client.call(api.createThread, {
      body: {
        title: 'T',
        content: 'C',
        categoryId,
        isGroupBuy: true,
        groupBuyContent: 'A key',
        hasUnlockableContent: true,
        unlockableContent: 'x',
      },
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe('A thread cannot be both a group buy and a premium discussion');
    const category = await client.call(api.createThread, { body: { title: 'T', content: 'C', categoryId: 9999 } });
    expect(category.json()).toMatchObject({ message: 'Category not found', code: ErrorCode.Validation });
    const allowed = await client.call(api.createThread, {
      body: { title: 'T', content: 'C', categoryId, isPrivate: true, allowedUserIds: [99999] },
    });
    expect(allowed.statusCode).toBe(400);
  });

  it('requires a signed-in, verified member who is not muted', async () => {
    const body = { title: 'T', content: 'C', categoryId };
    expect((await new TestClient(app).call(api.createThread, { body })).statusCode).toBe(401);
    const { client: unverified } = await createMember(app, { isEmailVerified: false });
    expect((await unverified.call(api.createThread, { body })).json().code).toBe(ErrorCode.EmailNotVerified);
    const { client: muted } = await createMember(app, { mutedUntil: new Date(Date.now() + 60_000) });
    const refused = await muted.call(api.createThread, { body });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe(ErrorCode.Muted);
    expect(await threadModels(app).Thread.countDocuments({ categoryId, title: 'T' })).toBe(0);
  });
});

describe('approval', () => {
  it('shows a pending thread only to its author and staff', async () => {
    const { user: author, client: authorClient } = await createMember(app);
    const pending = await aThread(app, author, {}, { approved: false });
    const { client: other } = await createMember(app);
    const { client: moderator } = await createMember(app, { isModerator: true });
    const visitor = new TestClient(app);

    expect((await authorClient.call(api.thread, { params: { id: pending.id } })).json().isApproved).toBe(false);
    expect((await moderator.call(api.thread, { params: { id: pending.id } })).statusCode).toBe(200);
    expect((await other.call(api.thread, { params: { id: pending.id } })).statusCode).toBe(404);
    expect((await visitor.call(api.thread, { params: { id: pending.id } })).statusCode).toBe(404);

    expect(ids((await authorClient.call(api.threads)).json())).toContain(pending.id);
    expect(ids((await moderator.call(api.threads)).json())).toContain(pending.id);
    expect(ids((await other.call(api.threads)).json())).not.toContain(pending.id);
    expect(ids((await visitor.call(api.threads)).json())).not.toContain(pending.id);
  });

  it('approves staff threads at creation', async () => {
    const { client: admin } = await createMember(app, { isAdmin: true });
    const created = await admin.call(api.createThread, { body: { title: 'Rules', content: 'Be kind', categoryId } });
    expect(created.json()).toMatchObject({ isApproved: true });
    expect(created.json().approvedAt).toEqual(expect.any(String));
  });

  it('lets staff list the queue and approve, and nobody else', async () => {
    const { user: author } = await createMember(app);
    const pending = await aThread(app, author, {}, { approved: false });
    const { client: member } = await createMember(app);
    const { user: moderatorUser, client: moderator } = await createMember(app, { isModerator: true });

    expect((await member.call(api.unapprovedThreads)).statusCode).toBe(403);
    expect((await member.call(api.approveThread, { params: { id: pending.id } })).statusCode).toBe(403);
    expect(ids((await moderator.call(api.unapprovedThreads)).json())).toContain(pending.id);

    const approved = await moderator.call(api.approveThread, { params: { id: pending.id } });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().thread).toMatchObject({ id: pending.id, isApproved: true });
    expect(await threadModels(app).Thread.findOne({ id: pending.id }).lean()).toMatchObject({
      approvedBy: moderatorUser.id,
    });
    expect(ids((await moderator.call(api.unapprovedThreads)).json())).not.toContain(pending.id);
    expect(ids((await member.call(api.threads)).json())).toContain(pending.id);
  });

  it('approves a premium sister thread with its parent and keeps sisters out of the queue', async () => {
    const { user: author } = await createMember(app);
    const parent = await aThread(
      app,
      author,
      { hasUnlockableContent: true, unlockableType: 'premium_thread', sisterContent: 'The inner circle' },
      { approved: false },
    );
    const { client: admin } = await createMember(app, { isAdmin: true });
    const queue = ids((await admin.call(api.unapprovedThreads)).json());
    expect(queue).toContain(parent.id);
    expect(queue).not.toContain(parent.sisterThreadId);
    await admin.call(api.approveThread, { params: { id: parent.id } });
    expect(await threadModels(app).Thread.findOne({ id: parent.sisterThreadId }).lean()).toMatchObject({
      isApproved: true,
    });
  });
});

describe('private threads', () => {
  it('answer 404 to everyone but the author, allowed users and staff', async () => {
    const { user: author, client: authorClient } = await createMember(app);
    const { user: friend, client: friendClient } = await createMember(app);
    const { client: stranger } = await createMember(app);
    const { client: admin } = await createMember(app, { isAdmin: true });
    const secret = await aThread(app, author, { isPrivate: true, allowedUserIds: [friend.id] });

    for (const client of [authorClient, friendClient, admin]) {
      expect((await client.call(api.thread, { params: { id: secret.id } })).statusCode).toBe(200);
      expect(ids((await client.call(api.threads)).json())).toContain(secret.id);
    }
    for (const client of [stranger, new TestClient(app)]) {
      const response = await client.call(api.thread, { params: { id: secret.id } });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Thread not found');
      expect(ids((await client.call(api.threads)).json())).not.toContain(secret.id);
      expect((await client.call(api.posts, { params: { id: secret.id } })).statusCode).toBe(404);
    }
    expect((await authorClient.call(api.thread, { params: { id: secret.id } })).json().allowedUserIds).toEqual([
      friend.id,
    ]);
    expect((await friendClient.call(api.thread, { params: { id: secret.id } })).json()).not.toHaveProperty(
      'allowedUserIds',
    );
  });
});

describe('lists and search', () => {
  it('filters by category, newest first, with bounded pages', async () => {
    const { user } = await createMember(app);
    const own = await aCategory(app);
    const first = await aThread(app, user, { categoryId: own.id });
    const second = await aThread(app, user, { categoryId: own.id });
    const third = await aThread(app, user, { categoryId: own.id });
    const visitor = new TestClient(app);
    const all = await visitor.call(api.threads, { query: { categoryId: String(own.id) } });
    expect(ids(all.json())).toEqual([third.id, second.id, first.id]);
    const page = await visitor.call(api.threads, { query: { categoryId: String(own.id), limit: '2' } });
    expect(ids(page.json())).toEqual([third.id, second.id]);
    const next = await visitor.call(api.threads, {
      query: { categoryId: String(own.id), limit: '2', before: String(second.id) },
    });
    expect(ids(next.json())).toEqual([first.id]);
    expect((await visitor.call(api.threads, { query: { limit: '101' } })).statusCode).toBe(400);
  });

  it('searches title, content and tags, case-insensitively', async () => {
    const { user } = await createMember(app);
    const byTitle = await aThread(app, user, { title: 'Zebra Stripes Explained' });
    const byContent = await aThread(app, user, { content: 'Notes about ZEBRA crossings' });
    const byTag = await aThread(app, user, { tags: ['zebrafish'] });
    const other = await aThread(app, user, { title: 'Horses' });
    const found = ids((await new TestClient(app).call(api.threads, { query: { q: 'zeBRa' } })).json());
    expect(found).toEqual(expect.arrayContaining([byTitle.id, byContent.id, byTag.id]));
    expect(found).not.toContain(other.id);
    const literal = await new TestClient(app).call(api.threads, { query: { q: '.*' } });
    expect(literal.statusCode).toBe(200);
    expect(ids(literal.json())).not.toContain(other.id);
  });

  it('matches inside words and across spaces, and follows an edit and a deletion at once', async () => {
    const { user } = await createMember(app);
    const { client: staff } = await createMember(app, { isAdmin: true });
    const thread = await aThread(app, user, {
      title: 'Okapi grazing',
      content: 'A shy okapi at dusk',
      tags: ['tapir'],
    });
    const search = async (q: string) => ids((await new TestClient(app).call(api.threads, { query: { q } })).json());
    for (const q of ['kap', 'PI GRAZ', 'i at du', 'tap']) expect(await search(q)).toContain(thread.id);
    expect(await search('okapi  grazing')).not.toContain(thread.id);

    const edit = { title: 'Capybara grazing', content: 'A calm capybara' };
    expect((await staff.call(api.editThread, { params: { id: thread.id }, body: edit })).statusCode).toBe(200);
    expect(await search('okapi')).not.toContain(thread.id);
    expect(await search('pybar')).toContain(thread.id);
    expect(await search('tapir')).toContain(thread.id);

    expect((await staff.call(api.deleteThread, { params: { id: thread.id } })).statusCode).toBe(200);
    expect(await search('capybara')).not.toContain(thread.id);
  });

  it('pages a search newest first, and finds runs of any length', async () => {
    const { user } = await createMember(app);
    const [first, second, third] = [
      await aThread(app, user, { title: 'Wombat burrows' }),
      await aThread(app, user, { title: 'About wombats' }),
      await aThread(app, user, { tags: ['wombatology'] }),
    ];
    const search = async (query: Record<string, string>) =>
      ids((await new TestClient(app).call(api.threads, { query })).json());
    expect(await search({ q: 'ombat', limit: '2' })).toEqual([third.id, second.id]);
    expect(await search({ q: 'ombat', limit: '2', before: String(second.id) })).toEqual([first.id]);
    expect(await search({ q: 'wo', before: String(third.id) })).toEqual(expect.arrayContaining([first.id, second.id]));
    expect(await search({ q: 'ombatx' })).toEqual([]);
  });

  it('never matches premium content the viewer cannot read', async () => {
    const { user: author, client: authorClient } = await createMember(app);
    const premium = await aThread(app, author, {
      title: 'Locked',
      content: 'quetzalcoatl secret',
      isPremium: true,
      premiumCost: 10,
    });
    const { client: other } = await createMember(app);
    expect(ids((await other.call(api.threads, { query: { q: 'quetzalcoatl' } })).json())).not.toContain(premium.id);
    expect(ids((await new TestClient(app).call(api.threads, { query: { q: 'quetzal' } })).json())).not.toContain(
      premium.id,
    );
    expect(ids((await authorClient.call(api.threads, { query: { q: 'quetzalcoatl' } })).json())).toContain(premium.id);
  });

  it('shows a pending thread to its author flagged as not approved', async () => {
    const { user, client } = await createMember(app);
    const pending = await aThread(app, user, {}, { approved: false });
    const listed = (await client.call(api.threads)).json().find((t: Thread) => t.id === pending.id);
    expect(listed).toMatchObject({ isApproved: false });
  });
});
