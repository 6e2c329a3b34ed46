import { api, type ModerationAction, type ModerationLogEntry } from '@enclave/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { insertWithId } from '../storage/index.ts';
import { createTestApp } from '../test/app.ts';
import type { TestClient } from '../test/client.ts';
import { createMember } from '../test/factories.ts';
import { logListing, logModeration, moderationLogMigration, withdrawModerationEntry } from './log.ts';
import { moderationModels } from './models.ts';

let app: App;
let admin: TestClient;

beforeAll(async () => {
  app = await createTestApp();
  admin = (await createMember(app, { isAdmin: true })).client;
});

/** Every entry of the log (of `action`, or all), page by page of `limit`, each next page before the last one shown. */
async function everyPage(limit: number, action?: ModerationAction) {
  const ids: number[] = [];
  for (let before: number | undefined; ; ) {
    const answer = await admin.call(api.moderationLog, {
      query: { limit: String(limit), ...(action && { action }), ...(before && { before: String(before) }) },
    });
    expect(answer.statusCode).toBe(200);
    const page = answer.json() as ModerationLogEntry[];
    expect(page.length).toBeLessThanOrEqual(limit);
    ids.push(...page.map((entry) => entry.id));
    if (page.length < limit) return ids;
    before = page.at(-1)?.id;
  }
}

/** The log's entries as stored, newest first (a scan: the test's own answer). */
async function stored(action?: ModerationAction) {
  const all = await moderationModels(app)
    .ModerationLog.find(action ? { action } : {})
    .lean();
  return all.map((entry) => entry.id).sort((a, b) => b - a);
}

/** Actions in a mix where one is common and others rare. */
const MIX: ModerationAction[] = ['user.mute', 'user.mute', 'user.mute', 'user.ban', 'thread.delete', 'user.mute'];

const logSome = async (count: number) => {
  for (let i = 0; i < count; i++) {
    await logModeration(app, { actorId: 0, action: MIX[i % MIX.length] as ModerationAction, targetType: 'user' });
  }
};

describe('the moderation log, page by page', () => {
  it('pages the whole log and each action’s entries newest first', async () => {
    await logSome(40);
    expect(await everyPage(7)).toEqual(await stored());
    for (const action of ['user.mute', 'user.ban', 'thread.delete'] as const) {
      expect(await everyPage(3, action), action).toEqual(await stored(action));
    }
  });

  it('answers an action never taken with an empty page', async () => {
    expect((await admin.call(api.moderationLog, { query: { action: 'category.delete' } })).json()).toEqual([]);
  });

  it('skips an entry withdrawn after its listing, and still fills the page', async () => {
    await logSome(6);
    const withdrawn = await logModeration(app, { actorId: 0, action: 'user.ban', targetType: 'user' });
    await withdrawModerationEntry(app, withdrawn.id);
    const page = (await admin.call(api.moderationLog, { query: { limit: '4' } })).json() as ModerationLogEntry[];
    expect(page.map((entry) => entry.id)).toEqual((await stored()).slice(0, 4));
    expect(page.map((entry) => entry.id)).not.toContain(withdrawn.id);
  });

  it('lists a log written before its lists, once however often converted, and what is logged after', async () => {
    const fresh = await createTestApp();
    const client = (await createMember(fresh, { isAdmin: true })).client;
    for (let i = 0; i < 12; i++) {
      // As the log stood before its lists: its entries, nothing else.
      await insertWithId(
        moderationModels(fresh).ModerationLog,
        {
          actorId: 0,
          action: MIX[i % MIX.length] as ModerationAction,
          targetType: 'user',
          targetId: null,
          reason: null,
          details: null,
          createdAt: new Date(),
        },
        { deletedOutright: true },
      );
    }
    expect((await client.call(api.moderationLog)).json()).toEqual([]);
    await moderationLogMigration.run(fresh, () => undefined);
    await moderationLogMigration.run(fresh, () => undefined);
    const after = await logModeration(fresh, { actorId: 0, action: 'user.ban', targetType: 'user' });
    const all = (await client.call(api.moderationLog)).json() as ModerationLogEntry[];
    expect(all.map((entry) => entry.id)).toEqual(Array.from({ length: 13 }, (_, i) => after.id - i));
    const bans = (await client.call(api.moderationLog, { query: { action: 'user.ban' } })).json();
    expect(bans.map((entry: ModerationLogEntry) => entry.id)).toEqual([after.id, 10, 4]);
  });

  it('lists an entry a crash left unlisted once, when the start-up sweep finishes its listing', async () => {
    const key = 'crashed-listing';
    await logListing.begin(app, key, { key });
    // A crash after the entry, before its lists.
    const entry = await insertWithId(
      moderationModels(app).ModerationLog,
      {
        actorId: 0,
        action: 'thread.delete',
        targetType: 'thread',
        targetId: 9,
        reason: null,
        details: null,
        createdAt: new Date(),
        listing: key,
      },
      { deletedOutright: true },
    );
    expect((await everyPage(50, 'thread.delete')).includes(entry.id)).toBe(false);
    await logListing.sweep(app);
    // Again after its lists (the intent's removal lost): listed no second time.
    await logListing.begin(app, key, { key });
    await logListing.sweep(app);
    expect(await everyPage(50, 'thread.delete')).toEqual(await stored('thread.delete'));
    expect(await everyPage(50)).toEqual(await stored());
  });
});
