import { ADMIN_TEXT, api, ErrorCode, LIMITS, SERVER_TEXT } from '@enclave/protocol';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../app.ts';
import type { DomainEventMap } from '../realtime/domain-events.ts';
import { createTestApp } from '../test/app.ts';
import { TestClient } from '../test/client.ts';
import { createMember, DEFAULT_PASSWORD } from '../test/factories.ts';
import { aCategory, aThread } from '../test/forum.ts';
import { type BrowserTabs, listeningWithTabs, received } from '../test/tabs.ts';
import { userModels } from '../users/models.ts';
import type { UserRecord } from '../users/user-model.ts';
import { moderationModels } from './models.ts';
import { muteEnding, muteEndingKey } from './mute-endings.ts';

const HOUR_MS = 60 * 60 * 1000;

let app: App;
let tabs: BrowserTabs;

beforeAll(async () => {
  ({ app, tabs } = await listeningWithTabs());
});

const stored = async (id: number) => (await userModels(app).User.findOne({ id }).lean<UserRecord>()) as UserRecord;
const lastLog = () => moderationModels(app).ModerationLog.findOne().sort({ id: -1 }).lean();

describe('banning (POST /api/admin/ban-user/{id} and /api/admin/ban-user)', () => {
  it('bans the member, records who and when, and signs every tab out at once', async () => {
    const { client: moderator, user: mod } = await createMember(app, { isModerator: true });
    const { user, client } = await createMember(app);
    const tab = await tabs.open(client);

    const response = await moderator.call(api.banUser, { params: { id: user.id } });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: ADMIN_TEXT.banned(user.username) });
    expect(await received(tab, 'session:revoked')).toEqual([{ reason: 'banned' }]);
    const banned = await stored(user.id);
    expect(banned).toMatchObject({ isBanned: true, bannedBy: mod.id });
    expect(banned.bannedAt).toBeInstanceOf(Date);
    expect((await client.call(api.user)).statusCode).toBe(401);
    expect(await lastLog()).toMatchObject({
      actorId: mod.id,
      action: 'user.ban',
      targetType: 'user',
      targetId: user.id,
    });
  });

  it('takes the member from the body for the users table, with an optional reason for the log', async () => {
    const { client: admin } = await createMember(app, { isAdmin: true });
    const { user } = await createMember(app);
    const response = await admin.call(api.banUserFromTable, { body: { userId: user.id, reason: 'Spam links' } });
    expect(response.statusCode).toBe(200);
    expect((await stored(user.id)).isBanned).toBe(true);
    expect(await lastLog()).toMatchObject({ action: 'user.ban', targetId: user.id, reason: 'Spam links' });
  });

  it('refuses to ban an admin or a moderator, or to ban twice', async () => {
    const { client: moderator } = await createMember(app, { isModerator: true });
    for (const role of [{ isAdmin: true }, { isModerator: true }]) {
      const { user } = await createMember(app, role);
      const response = await moderator.call(api.banUser, { params: { id: user.id } });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ message: ADMIN_TEXT.cannotSanctionStaff, code: ErrorCode.Forbidden });
      expect((await stored(user.id)).isBanned).toBe(false);
    }
    const { user } = await createMember(app);
    expect((await moderator.call(api.banUser, { params: { id: user.id } })).statusCode).toBe(200);
    const again = await moderator.call(api.banUser, { params: { id: user.id } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ADMIN_TEXT.alreadyBanned(user.username));
  });

  it('answers 404 for an unknown member', async () => {
    const { client: moderator } = await createMember(app, { isModerator: true });
    const response = await moderator.call(api.banUser, { params: { id: 424_242 } });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(SERVER_TEXT.userNotFound);
  });

  it('can be lifted: the member signs in again', async () => {
    const { client: moderator } = await createMember(app, { isModerator: true });
    const { user } = await createMember(app);
    await moderator.call(api.banUser, { params: { id: user.id } });
    const lifted = await moderator.call(api.unbanUser, { params: { id: user.id } });
    expect(lifted.statusCode).toBe(200);
    expect(lifted.json()).toEqual({ message: ADMIN_TEXT.unbanned(user.username) });
    expect(await stored(user.id)).toMatchObject({ isBanned: false, bannedBy: null, bannedAt: null });
    const login = await new TestClient(app).call(api.login, {
      body: { username: user.username, password: DEFAULT_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    expect((await moderator.call(api.unbanUser, { params: { id: user.id } })).statusCode).toBe(409);
    expect(await lastLog()).toMatchObject({ action: 'user.unban', targetId: user.id });
  });
});

describe('muting (POST /api/admin/mute-user/{id})', () => {
  it('mutes for 24 hours by default, and the member cannot post, reply or message', async () => {
    const { client: moderator, user: mod } = await createMember(app, { isModerator: true });
    const { user, client } = await createMember(app);
    const { user: other } = await createMember(app);
    const thread = await aThread(app, other);
    const before = Date.now();

    const response = await moderator.call(api.muteUser, { params: { id: user.id } });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: ADMIN_TEXT.muted(user.username, 24) });
    const muted = await stored(user.id);
    expect(muted.mutedBy).toBe(mod.id);
    const until = (muted.mutedUntil as Date).getTime();
    expect(until).toBeGreaterThanOrEqual(before + 24 * HOUR_MS);
    expect(until).toBeLessThanOrEqual(Date.now() + 24 * HOUR_MS);
    expect(await lastLog()).toMatchObject({ action: 'user.mute', targetId: user.id, details: { hours: 24 } });

    const category = await aCategory(app);
    const refusals = [
      await client.call(api.createThread, { body: { title: 'Hi', content: 'Hello', categoryId: category.id } }),
      await client.call(api.reply, { params: { id: thread.id }, body: { content: 'Me too' } }),
      await client.call(api.sendMessage, { body: { content: 'Psst', recipientId: other.id } }),
    ];
    for (const refusal of refusals) {
      expect(refusal.statusCode).toBe(403);
      expect(refusal.json().code).toBe(ErrorCode.Muted);
    }
    const me = (await client.call(api.user)).json();
    expect(me).toMatchObject({ isMuted: true, mutedUntil: (muted.mutedUntil as Date).toISOString() });
  });

  it('takes 1 to 720 hours, and a new mute replaces the old end', async () => {
    const { client: admin } = await createMember(app, { isAdmin: true });
    const { user } = await createMember(app);
    for (const duration of [0, 721, 1.5, 'a day']) {
      const response = await admin.call(api.muteUser, { params: { id: user.id }, body: { duration } });
      expect(response.statusCode, String(duration)).toBe(400);
      expect(response.json().message).toBe(ADMIN_TEXT.muteDurationInvalid);
    }
    expect((await stored(user.id)).mutedUntil).toBeNull();
    const longest = await admin.call(api.muteUser, {
      params: { id: user.id },
      body: { duration: LIMITS.muteHoursMax },
    });
    expect(longest.json().message).toBe(ADMIN_TEXT.muted(user.username, 720));
    await admin.call(api.muteUser, { params: { id: user.id }, body: { duration: 1 } });
    const until = (await stored(user.id)).mutedUntil as Date;
    expect(until.getTime()).toBeLessThanOrEqual(Date.now() + HOUR_MS);
  });

  it('refuses to mute an admin or a moderator', async () => {
    const { client: moderator } = await createMember(app, { isModerator: true });
    const { user } = await createMember(app, { isAdmin: true });
    const response = await moderator.call(api.muteUser, { params: { id: user.id }, body: { duration: 5 } });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(ADMIN_TEXT.cannotSanctionStaff);
    expect((await stored(user.id)).mutedUntil).toBeNull();
  });

  it('ends on its own when mutedUntil passes', async () => {
    const { user, client } = await createMember(app, { mutedUntil: new Date(Date.now() - 1000) });
    const { user: other } = await createMember(app);
    const response = await client.call(api.sendMessage, { body: { content: 'Back again', recipientId: other.id } });
    expect(response.statusCode).toBe(201);
    expect((await client.call(api.user)).json()).toMatchObject({ id: user.id, isMuted: false, mutedUntil: null });
  });

  it('tells the member when it runs out, once, across a restart; an end a crash left without its mute tells nothing', async () => {
    const { client: moderator } = await createMember(app, { isModerator: true });
    const { user } = await createMember(app);
    const { user: unmuted } = await createMember(app);
    expect((await moderator.call(api.muteUser, { params: { id: user.id }, body: { duration: 1 } })).statusCode).toBe(
      200,
    );
    const until = (await stored(user.id)).mutedUntil as Date;
    // A crash between a mute's end, recorded first, and the mute itself.
    await muteEnding.begin(app, muteEndingKey(unmuted.id, until), { userId: unmuted.id, until: until.getTime() });

    // The process starts again on the same database: the start-up sweep keeps the ends not due yet.
    const restarted = await createTestApp({}, app.config.database);
    await restarted.ready();
    expect(await muteEnding.pending(restarted, muteEndingKey(user.id, until))).toEqual({
      userId: user.id,
      until: until.getTime(),
    });
    expect(await muteEnding.pending(restarted, muteEndingKey(unmuted.id, until))).not.toBeNull();
    const lifted: DomainEventMap['member.sanctionLifted'][] = [];
    // Other tests' mutes may end too: only these two members count here.
    restarted.events.on('member.sanctionLifted', (event) => {
      if (event.userId === user.id || event.userId === unmuted.id) lifted.push(event);
    });
    // Its periodic sweeps, once the end has passed: the member is told once.
    vi.useFakeTimers({ toFake: ['Date'], now: until.getTime() + 1 });
    try {
      await muteEnding.sweep(restarted);
      await muteEnding.sweep(restarted);
    } finally {
      vi.useRealTimers();
    }
    expect(lifted).toEqual([{ userId: user.id, sanction: 'mute', actorId: null, at: until.getTime() }]);
    expect(await muteEnding.pending(restarted, muteEndingKey(user.id, until))).toBeNull();
    expect(await muteEnding.pending(restarted, muteEndingKey(unmuted.id, until))).toBeNull();
  });

  it('can be lifted', async () => {
    const { client: moderator } = await createMember(app, { isModerator: true });
    const { user, client } = await createMember(app, { mutedUntil: new Date(Date.now() + HOUR_MS) });
    const { user: other } = await createMember(app);
    const lifted = await moderator.call(api.unmuteUser, { params: { id: user.id } });
    expect(lifted.statusCode).toBe(200);
    expect(lifted.json()).toEqual({ message: ADMIN_TEXT.unmuted(user.username) });
    expect((await client.call(api.sendMessage, { body: { content: 'Hi', recipientId: other.id } })).statusCode).toBe(
      201,
    );
    const again = await moderator.call(api.unmuteUser, { params: { id: user.id } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ADMIN_TEXT.notMuted(user.username));
  });
});

describe('the moderation log (GET /api/admin/moderation-log)', () => {
  it('shows admins who did what, to whom, when and why, newest first', async () => {
    const { client: admin } = await createMember(app, { isAdmin: true });
    const { client: moderator, user: mod } = await createMember(app, { isModerator: true });
    const { user } = await createMember(app);
    await moderator.call(api.muteUser, { params: { id: user.id }, body: { duration: 3, reason: 'Cool down' } });
    await moderator.call(api.banUser, { params: { id: user.id }, body: { reason: 'Kept going' } });

    const log = await admin.call(api.moderationLog, { query: { limit: '2' } });

    expect(log.statusCode).toBe(200);
    const [ban, mute] = log.json();
    expect(ban).toMatchObject({
      actor: { id: mod.id, username: mod.username },
      action: 'user.ban',
      targetType: 'user',
      targetId: user.id,
      reason: 'Kept going',
    });
    expect(mute).toMatchObject({ action: 'user.mute', reason: 'Cool down', details: { hours: 3 } });
    expect(Date.parse(ban.createdAt)).toBeGreaterThanOrEqual(Date.parse(mute.createdAt));
    const bans = (await admin.call(api.moderationLog, { query: { action: 'user.ban' } })).json();
    expect(bans.every((entry: { action: string }) => entry.action === 'user.ban')).toBe(true);
    const older = (await admin.call(api.moderationLog, { query: { before: String(ban.id) } })).json();
    expect(older[0].id).toBeLessThan(ban.id);
    expect((await moderator.call(api.moderationLog)).statusCode).toBe(403);
  });
});
