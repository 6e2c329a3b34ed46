import { type ActivityEntry, type ActivityPage, api, type Payment, type StaffPayment } from '@enclave/protocol';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../app.ts';
import { saveReceivingAddresses } from '../payments/receiving-addresses.ts';
import { itemKey, monthlyList, monthOf, removeExpiredMonths } from '../storage/index.ts';
import { createTestApp } from '../test/app.ts';
import { TestClient } from '../test/client.ts';
import { createMember, DEFAULT_PASSWORD } from '../test/factories.ts';
import { aThread, grantCoins } from '../test/forum.ts';
import { type Mailbox, startMailbox } from '../test/mailbox.ts';
import { multipartFile, tinyPng } from '../test/multipart.ts';
import { userModels } from '../users/models.ts';
import type { UserRecord } from '../users/user-model.ts';
import { recordActivity } from './activity-log.ts';
import { ACTIVITY } from './activity-model.ts';
import { activityModels } from './models.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

let app: App;
let mailbox: Mailbox;

beforeAll(async () => {
  mailbox = await startMailbox();
  app = await createTestApp({ SMTP_URL: mailbox.url });
  await saveReceivingAddresses(
    app,
    {
      btc: {
        name: 'Bitcoin',
        symbol: 'BTC',
        network: 'Bitcoin',
        address: '1BitcoinEaterAddressDontSendf59kuE',
        usdRate: 65_000,
      },
    },
    null,
  );
});
afterEach(() => {
  vi.useRealTimers();
});

async function page(client: TestClient, query: Record<string, string> = {}): Promise<ActivityPage> {
  const response = await client.call(api.activity, { query });
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** The whole log as the member reads it, page after page (entries are written after the write that makes them). */
async function logOf(client: TestClient, limit = 50): Promise<ActivityEntry[]> {
  const entries: ActivityEntry[] = [];
  let before: string | null = null;
  do {
    const next: ActivityPage = await page(client, { limit: String(limit), ...(before ? { before } : {}) });
    entries.push(...next.entries);
    before = next.nextCursor;
  } while (before);
  return entries;
}

const kindsOf = (entries: ActivityEntry[]) => entries.map((entry) => entry.kind);

async function login(user: Pick<UserRecord, 'username'>, password = DEFAULT_PASSWORD): Promise<TestClient> {
  const client = new TestClient(app);
  await client.call(api.login, { body: { username: user.username, password } });
  return client;
}

describe('the account activity log', () => {
  it('records sign-ins, failed sign-ins, verification, password changes and ended sessions, newest first', async () => {
    const client = new TestClient(app);
    const email = 'logged@example.test';
    await client.call(api.register, {
      body: { username: 'logged_member', email, password: 'secret1', confirmPassword: 'secret1' },
    });
    await client.call(api.verifyEmail, { body: { code: await mailbox.codeFor(email), email } });
    const stranger = new TestClient(app);
    await stranger.call(api.login, { body: { username: 'logged_member', password: 'wrong-password' } });
    const other = await login({ username: 'logged_member' }, 'secret1');
    const otherId = (await other.call(api.sessions)).json().sessions.find((s: { current: boolean }) => s.current).id;
    await client.call(api.endSession, { params: { id: otherId } });
    await client.call(api.changePassword, {
      body: { currentPassword: 'secret1', newPassword: 'secret2', confirmPassword: 'secret2' },
    });
    await client.call(api.logout);
    const again = await login({ username: 'logged_member' }, 'secret2');

    const expected = [
      'signed_in',
      'session_ended',
      'password_changed',
      'session_ended',
      'signed_in',
      'sign_in_failed',
      'email_verified',
      'signed_in',
    ];
    await vi.waitFor(async () => expect(kindsOf(await logOf(again))).toEqual(expected));
    const log = await logOf(again);
    expect(log.map((entry) => entry.detail)).toEqual([
      'password',
      'logged_out',
      null,
      'ended',
      'password',
      null,
      null,
      'registration',
    ]);
    const failed = log.find((entry) => entry.kind === 'sign_in_failed');
    expect(failed?.client?.place).toBe(`${stranger.ip.split('.').slice(0, 3).join('.')}.0/24`);
    // Never an address in full, nor anything else of another member.
    expect(JSON.stringify(log)).not.toContain(stranger.ip);
    const times = log.map((entry) => Date.parse(entry.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('records coins spent and received, with the thread, and payments started and completed', async () => {
    const { user: author, client: authorClient } = await createMember(app);
    const { user: buyer, client: buyerClient } = await createMember(app);
    const { client: admin } = await createMember(app, { isAdmin: true });
    const discussion = await aThread(app, author, {
      hasUnlockableContent: true,
      unlockableCost: 25,
      unlockableType: 'text_content',
      unlockableContent: 'NOTES',
    });
    await grantCoins(app, buyer.id, 100);
    expect((await buyerClient.call(api.unlock, { params: { id: discussion.id }, body: {} })).statusCode).toBe(200);

    const created = await buyerClient.call(api.createPayment, { body: { packageId: 'standard', currency: 'btc' } });
    const payment: Payment = created.json();
    const queue = (await admin.call(api.pendingPayments)).json().payments as StaffPayment[];
    const id = queue.find((p) => p.payment_id === payment.payment_id)?.id;
    await admin.call(api.confirmPayment, { params: { id }, body: { transactionHash: 'b'.repeat(64) } });

    await vi.waitFor(async () =>
      expect(
        (await logOf(buyerClient)).map(({ kind, coins, detail, threadId }) => [kind, coins, detail, threadId]),
      ).toEqual([
        ['payment', 1000, 'completed', null],
        ['coins_received', 1000, 'coin_purchase', null],
        ['payment', 1000, 'pending', null],
        ['coins_spent', -25, 'unlock', discussion.id],
        ['coins_received', 100, 'admin_grant', null],
      ]),
    );
    await vi.waitFor(async () =>
      expect((await logOf(authorClient)).map(({ kind, coins, threadId }) => [kind, coins, threadId])).toEqual([
        ['coins_received', 25, discussion.id],
      ]),
    );
  });

  it('pages newest first with a cursor, each entry once', async () => {
    const { user, client } = await createMember(app);
    for (let i = 1; i <= 7; i++) await recordActivity(app, user.id, { kind: 'coins_received', coins: i });
    const first = await page(client, { limit: '3' });
    expect(first.entries.map((entry) => entry.coins)).toEqual([7, 6, 5]);
    expect(first.nextCursor).toBe(first.entries[2]?.id);
    expect((await logOf(client, 3)).map((entry) => entry.coins)).toEqual([7, 6, 5, 4, 3, 2, 1]);
    expect(await page(client, { before: first.entries[0]?.id as string, limit: '2' })).toMatchObject({
      entries: [{ coins: 6 }, { coins: 5 }],
    });
  });

  it('is the member’s own: another member reads only theirs, a visitor nothing', async () => {
    const { user: owner } = await createMember(app);
    const { client: other } = await createMember(app);
    const entry = await recordActivity(app, owner.id, { kind: 'password_changed' });
    // An id of the owner's names a place in the reader's own log: there is nothing of the owner's to reach.
    expect((await page(other)).entries).toEqual([]);
    expect((await page(other, { before: `${monthOf(entry.at)}.${entry.n + 1}` })).entries).toEqual([]);
    expect((await new TestClient(app).call(api.activity)).statusCode).toBe(401);
    expect((await other.call(api.activity, { query: { before: 'x' } })).statusCode).toBe(400);
  });

  it('shows nothing older than 90 days, and the sweep removes whole expired months by key', async () => {
    const { user, client } = await createMember(app);
    const now = Date.now();
    const at = (daysAgo: number) => new Date(now - daysAgo * DAY_MS);
    vi.useFakeTimers({ toFake: ['Date'], now: at(200) });
    const ancient = await recordActivity(app, user.id, { kind: 'coins_received', coins: 200 });
    vi.setSystemTime(at(95));
    await recordActivity(app, user.id, { kind: 'coins_received', coins: 95 });
    vi.setSystemTime(at(89));
    await recordActivity(app, user.id, { kind: 'coins_received', coins: 89 });
    vi.useRealTimers();
    const recent = await recordActivity(app, user.id, { kind: 'coins_received', coins: 1 });

    expect((await logOf(client)).map((entry) => entry.coins)).toEqual([1, 89]);

    await removeExpiredMonths(app, 90);
    expect(await activityModels(app).ActivityItem.findById(ancient._id).lean()).toBeNull();
    expect(await activityModels(app).ActivityItem.findById(recent._id).lean()).not.toBeNull();
    expect(ancient.list).toBe(monthlyList(ACTIVITY.prefix, user.id, monthOf(at(200))));
    expect(recent._id).toBe(itemKey(monthlyList(ACTIVITY.prefix, user.id, monthOf(new Date())), 1));
    expect((await logOf(client)).map((entry) => entry.coins)).toEqual([1, 89]);
    // A second sweep finds the months marked and removes nothing more.
    expect(await removeExpiredMonths(app, 90)).toBe(0);
  });

  it('records the member’s own profile edits by what changed, and nothing for an edit that changed nothing', async () => {
    const { user, client } = await createMember(app, { bio: 'Old bio' });
    const edit = (body: Record<string, string>) => client.call(api.updateProfile, { body });
    expect((await edit({ username: `${user.username}_x`, bio: 'New bio' })).statusCode).toBe(200);
    expect((await edit({ bio: 'New bio' })).statusCode).toBe(200);
    const privacy = { defaultThreadPrivate: false, hideProfile: true };
    expect((await client.call(api.updatePrivacy, { body: privacy })).statusCode).toBe(200);
    expect((await client.call(api.updatePrivacy, { body: privacy })).statusCode).toBe(200);
    const { payload, headers } = multipartFile('profilePicture', 'me.png', 'image/png', tinyPng());
    expect((await client.request('POST', api.uploadProfilePicture.url, payload, undefined, headers)).statusCode).toBe(
      200,
    );

    await vi.waitFor(async () =>
      expect((await logOf(client)).map(({ kind, detail }) => [kind, detail])).toEqual([
        ['profile_updated', 'picture'],
        ['profile_updated', 'privacy'],
        ['profile_updated', 'username,bio'],
      ]),
    );
  });

  it('records a password change refused for a wrong current password, with where it came from', async () => {
    const { user, client } = await createMember(app);
    const change = (currentPassword: string, confirmPassword = 'brand-new-secret') =>
      client.call(api.changePassword, {
        body: { currentPassword, newPassword: 'brand-new-secret', confirmPassword },
      });
    expect((await change('not-the-password')).statusCode).toBe(400);
    // A typing slip between the new password and its confirmation is no attempt on the account.
    expect((await change(DEFAULT_PASSWORD, 'brand-new-secreT')).statusCode).toBe(400);

    await vi.waitFor(async () => expect(kindsOf(await logOf(client))).toEqual(['password_change_failed']));
    const [failed] = await logOf(client);
    expect(failed?.client?.place).toBe(`${client.ip.split('.').slice(0, 3).join('.')}.0/24`);
    expect(JSON.stringify(failed)).not.toContain(client.ip);
    expect((await userModels(app).User.findOne({ id: user.id }).lean())?.passwordHash).toBe(user.passwordHash);
  });
});
