import { type AdminUser, api, type Thread } from '@enclave/protocol';
import type { mongo } from 'mongoose';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { byNumericId, internalId } from '../storage/index.ts';
import { createTestApp } from '../test/app.ts';
import type { TestClient } from '../test/client.ts';
import { createMember } from '../test/factories.ts';
import { aCategory, aThread, grantCoins } from '../test/forum.ts';
import { userModels } from '../users/models.ts';
import type { UserRecord } from '../users/user-model.ts';

let app: App;

beforeAll(async () => {
  app = await createTestApp();
});

describe('the users table (GET /api/admin/users)', () => {
  it('shows admins each member with email, status and coins, newest first', async () => {
    const { client: admin } = await createMember(app, { isAdmin: true });
    const { user: rich } = await createMember(app, { username: 'rich_member' });
    await grantCoins(app, rich.id, 750);
    const { user: banned } = await createMember(app, { isBanned: true });
    const mutedUntil = new Date(Date.now() + 60 * 60 * 1000);
    const { user: muted } = await createMember(app, { mutedUntil });
    const { user: gone } = await createMember(app);
    await userModels(app).User.updateOne(byNumericId(gone.id), { $set: { deletedAt: new Date() } });
    app.changes.tell({ kind: 'member', id: gone.id });

    const users = (await admin.call(api.adminUsers)).json() as AdminUser[];
    const byId = new Map(users.map((user) => [user.id, user]));
    expect(byId.get(rich.id)).toMatchObject({ username: 'rich_member', email: rich.email, coinBalance: 750 });
    expect(byId.get(banned.id)).toMatchObject({ isBanned: true });
    expect(byId.get(muted.id)).toMatchObject({ isMuted: true, mutedUntil: mutedUntil.toISOString() });
    expect(byId.has(gone.id)).toBe(false);
    expect(users.map((user) => user.id)).toEqual([...users.map((user) => user.id)].sort((a, b) => b - a));

    const found = (await admin.call(api.adminUsers, { query: { q: 'RICH_' } })).json() as AdminUser[];
    expect(found.map((user) => user.id)).toEqual([rich.id]);
    const page = (await admin.call(api.adminUsers, { query: { limit: '2', before: String(muted.id) } })).json();
    expect(page.every((user: AdminUser) => user.id < muted.id)).toBe(true);
    expect(page).toHaveLength(2);
  });
});

describe('the users table for a moderator (issue 23, item 10)', () => {
  it('lists members with status and coins to look them up, but neither shows nor searches their emails', async () => {
    const { client: moderator } = await createMember(app, { isModerator: true });
    const { user: member } = await createMember(app, { username: 'to_look_up', email: 'private.inbox@example.test' });
    await grantCoins(app, member.id, 40);

    const response = await moderator.call(api.adminUsers);
    expect(response.statusCode).toBe(200);
    const users = response.json() as AdminUser[];
    expect(users.find((user) => user.id === member.id)).toMatchObject({
      username: 'to_look_up',
      email: null,
      coinBalance: 40,
      isBanned: false,
    });
    expect(users.every((user) => user.email === null)).toBe(true);
    expect(response.body).not.toContain('@example.test');
    const byName = (await moderator.call(api.adminUsers, { query: { q: 'TO_LOOK' } })).json() as AdminUser[];
    expect(byName.map((user) => user.id)).toEqual([member.id]);
    // An address is nothing a moderator can find members by, letter by letter.
    expect((await moderator.call(api.adminUsers, { query: { q: 'private.inbox' } })).json()).toEqual([]);
    // Looking up leads to a ban; a coin grant stays with admins.
    expect((await moderator.call(api.banUserFromTable, { body: { userId: member.id } })).statusCode).toBe(200);
    const grant = await moderator.call(api.addUserCoins, { body: { userId: member.id, amount: 1000 } });
    expect(grant.statusCode).toBe(403);
  });
});

describe('the users table, page by page', () => {
  /** Every page of the table for `q`, `limit` at a time, each next page before the last one shown. */
  async function everyPage(admin: TestClient, q?: string, limit = 4) {
    const ids: number[] = [];
    for (let before: number | undefined; ; ) {
      const query = { limit: String(limit), ...(q && { q }), ...(before && { before: String(before) }) };
      const page = (await admin.call(api.adminUsers, { query })).json() as AdminUser[];
      expect(page.length).toBeLessThanOrEqual(limit);
      ids.push(...page.map((user) => user.id));
      if (page.length < limit) return ids;
      before = page.at(-1)?.id;
    }
  }

  /** The live members matching `q` in name or email, newest first, as stored (a scan: the test's own answer). */
  async function stored(target: App, q = '') {
    const users = await userModels(target).User.find({ deletedAt: null }).lean();
    const needle = q.toLowerCase();
    const matching = users.filter((user) => user.usernameKey.includes(needle) || user.email.includes(needle));
    return matching.map((user) => user.id).sort((a, b) => b - a);
  }

  const rename = async (target: App, id: number, username: string) => {
    await userModels(target).User.updateOne(byNumericId(id), {
      $set: { username, usernameKey: username.toLowerCase(), email: `${username}@example.test` },
    });
    target.changes.tell({ kind: 'member', id });
  };

  it('pages every member and every search newest first, members written before the start among them', async () => {
    const before = await createTestApp();
    for (let i = 0; i < 12; i++) await createMember(before, { username: i % 3 === 0 ? `pager_old${i}` : `old_${i}` });
    // A new start on the same data: its members are loaded, not told.
    const fresh = await createTestApp({}, before.config.database);
    const { client: admin } = await createMember(fresh, { isAdmin: true });
    const made: UserRecord[] = [];
    for (let i = 0; i < 18; i++) {
      made.push((await createMember(fresh, { username: i % 3 === 0 ? `pager_${i}` : `other_${i}` })).user);
    }
    const gone = made[6] as UserRecord;
    await userModels(fresh).User.updateOne(byNumericId(gone.id), { $set: { deletedAt: new Date() } });
    fresh.changes.tell({ kind: 'member', id: gone.id });

    expect(await everyPage(admin)).toEqual(await stored(fresh));
    for (const q of ['PAGER_', 'r_1', 'old', 'e', '@example.test', 'r_1@']) {
      expect(await everyPage(admin, q, 3), q).toEqual(await stored(fresh, q));
    }
    expect(await everyPage(admin, 'pager')).not.toContain(gone.id);
  });

  it('shows the coins of a member paid twenty times at once, after a restart, copied in a few writes', async () => {
    const { user: seller } = await createMember(app);
    const writes: number[] = [];
    const listener = (event: mongo.CommandStartedEvent) => {
      if (event.commandName !== 'update' || event.command.update !== 'users') return;
      const updates = event.command.updates as { q: { _id: unknown } }[];
      writes.push(updates.filter((update) => String(update.q._id) === String(internalId(seller.id))).length);
    };
    app.mongo.getClient().on('commandStarted', listener);
    await Promise.all(Array.from({ length: 20 }, () => grantCoins(app, seller.id, 5)));
    await app.settled();
    app.mongo.getClient().off('commandStarted', listener);
    expect(writes.reduce((sum, n) => sum + n, 0)).toBeLessThanOrEqual(10);
    // A new start reads members' coins from their documents.
    const restarted = await createTestApp({}, app.config.database);
    const { client: admin } = await createMember(restarted, { isAdmin: true });
    const users = (await admin.call(api.adminUsers, { query: { q: seller.username } })).json() as AdminUser[];
    expect(users.find((user) => user.id === seller.id)?.coinBalance).toBe(100);
  });

  it('answers a search nobody matches, or a page before the first member, with an empty page', async () => {
    const { client: admin } = await createMember(app, { isAdmin: true });
    expect((await admin.call(api.adminUsers, { query: { q: 'no-such-name-qx' } })).json()).toEqual([]);
    expect((await admin.call(api.adminUsers, { query: { before: '1' } })).json()).toEqual([]);
  });

  it('finds a renamed member by the new name only', async () => {
    const { client: admin } = await createMember(app, { isAdmin: true });
    const { user } = await createMember(app, { username: 'before_rename' });
    await rename(app, user.id, 'after_rename');
    expect(await everyPage(admin, 'before_rename')).toEqual([]);
    expect(await everyPage(admin, 'after_ren')).toEqual([user.id]);
  });
});

describe('the threads table (GET /api/admin/threads)', () => {
  it('shows staff every thread, pending ones too, with author and category', async () => {
    const { user: mod, client: moderator } = await createMember(app, { isModerator: true });
    const { user: author } = await createMember(app);
    const category = await aCategory(app, { name: 'Hardware' });
    const pending = await aThread(
      app,
      author,
      { categoryId: category.id, title: 'Pending build' },
      { approved: false },
    );
    const premium = await aThread(app, author, { categoryId: category.id, isPremium: true, premiumCost: 40 });

    const threads = (await moderator.call(api.adminThreads)).json() as Thread[];
    const byId = new Map(threads.map((thread) => [thread.id, thread]));
    expect(byId.get(pending.id)).toMatchObject({
      isApproved: false,
      author: { id: author.id, username: author.username },
      category: { id: category.id, name: 'Hardware' },
    });
    expect(byId.get(premium.id)).toMatchObject({ isPremium: true, premiumCost: 40, content: premium.content });
    const searched = (await moderator.call(api.adminThreads, { query: { q: 'PENDING BUILD' } })).json() as Thread[];
    expect(searched.map((thread) => thread.id)).toEqual([pending.id]);
    expect(mod.isModerator).toBe(true);
  });
});
