import type { AddressInfo } from 'node:net';
import { api, ErrorCode, LIMITS, SESSIONS_TEXT, type SessionInfo } from '@enclave/protocol';
import { io as connect } from 'socket.io-client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { activityModels } from '../activity/models.ts';
import type { App } from '../app.ts';
import { removeExpiredMonths } from '../storage/index.ts';
import { TestClient } from '../test/client.ts';
import { createMember, DEFAULT_PASSWORD, TEST_CLIENT } from '../test/factories.ts';
import { type BrowserTabs, listeningWithTabs, received } from '../test/tabs.ts';
import type { UserRecord } from '../users/user-model.ts';
import { authModels } from './models.ts';
import { SESSION_COOKIE } from './session.ts';
import { openSession } from './session-records.ts';

const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const LAPTOP = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

let app: App;
let tabs: BrowserTabs;

beforeAll(async () => {
  ({ app, tabs } = await listeningWithTabs());
});
afterEach(() => {
  vi.useRealTimers();
});

/** A browser that signs in with the password, as the login form does. */
async function signIn(
  user: Pick<UserRecord, 'username'>,
  userAgent = LAPTOP,
  password = DEFAULT_PASSWORD,
): Promise<TestClient> {
  const client = new TestClient(app);
  const response = await client.request('POST', api.login.url, { username: user.username, password }, undefined, {
    'user-agent': userAgent,
  });
  expect(response.statusCode).toBe(200);
  return client;
}

async function sessionsOf(client: TestClient): Promise<SessionInfo[]> {
  const response = await client.call(api.sessions);
  expect(response.statusCode).toBe(200);
  return response.json().sessions;
}

const currentOf = async (client: TestClient) => (await sessionsOf(client)).find((s) => s.current) as SessionInfo;
const isSignedIn = async (client: TestClient) => (await client.call(api.user)).statusCode === 200;

describe('a session record for every sign-in', () => {
  it('login records device, browser and only the /24 of the address; the list marks the current one', async () => {
    const { user } = await createMember(app);
    const laptop = await signIn(user, LAPTOP);
    const phone = await signIn(user, PHONE);

    const listed = await sessionsOf(phone);
    // The factory's own session, then the two sign-ins, newest first.
    expect(listed.map((s) => [s.client.device, s.client.browser, s.current])).toEqual([
      ['iPhone (iOS 17)', 'Safari 17', true],
      ['Desktop (Linux)', 'Firefox 128', false],
      ['Desktop (Linux)', 'Chrome 131', false],
    ]);
    const network = phone.ip.split('.').slice(0, 3).join('.');
    expect(listed[0]?.client).toMatchObject({ deviceType: 'phone', place: `${network}.0/24` });
    expect(listed[0]?.lastSeenAt).toBe(listed[0]?.createdAt);
    expect((await currentOf(laptop)).client.browser).toBe('Firefox 128');

    // Stored coarse: no record of this member holds either full address.
    const stored = JSON.stringify(await authModels(app).SessionItem.find({ userId: user.id }).lean());
    expect(stored).toContain(`${network}.0/24`);
    expect(stored).not.toContain(phone.ip);
    expect(stored).not.toContain(laptop.ip);
  });

  it('registration and a password change each open one; the change ends every other session', async () => {
    const newcomer = new TestClient(app);
    const registered = await newcomer.call(api.register, {
      body: { username: 'fresh_member', email: 'fresh@example.test', password: 'secret1', confirmPassword: 'secret1' },
    });
    expect(registered.statusCode).toBe(201);
    const [first] = await sessionsOf(newcomer);
    expect(first).toMatchObject({ current: true });

    const elsewhere = await signIn({ username: 'fresh_member' }, PHONE, 'secret1');
    const changed = await newcomer.call(api.changePassword, {
      body: { currentPassword: 'secret1', newPassword: 'secret2', confirmPassword: 'secret2' },
    });
    expect(changed.statusCode).toBe(200);
    expect(await isSignedIn(elsewhere)).toBe(false);
    const after = await sessionsOf(newcomer);
    expect(after).toHaveLength(1);
    expect(after[0]?.id).not.toBe(first?.id);
  });
});

describe('ending sessions', () => {
  it('an ended session is refused on REST at once and its sockets are disconnected; the others stay', async () => {
    const { user, client: keeper } = await createMember(app);
    const other = await signIn(user, PHONE);
    const [otherTab, keeperTab] = [await tabs.open(other), await tabs.open(keeper)];
    const gone = new Promise((resolve) => otherTab.once('disconnect', resolve));

    const target = await currentOf(other);
    const response = await keeper.call(api.endSession, { params: { id: target.id } });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(SESSIONS_TEXT.ended);

    expect((await other.call(api.user)).statusCode).toBe(401);
    expect(await received(otherTab, 'session:revoked')).toEqual([{ reason: 'ended' }]);
    expect(await gone).toBe('io server disconnect');
    expect(keeperTab.connected).toBe(true);
    expect(keeperTab.received.filter(([name]) => name === 'session:revoked')).toEqual([]);
    expect(await isSignedIn(keeper)).toBe(true);
    expect((await sessionsOf(keeper)).map((s) => s.id)).not.toContain(target.id);
  });

  it('a copy of an ended session’s cookie is refused too, and a socket shaking hands with it is a visitor', async () => {
    const { user, client: keeper } = await createMember(app);
    const other = await signIn(user);
    const copy = new TestClient(app);
    copy.cookie = other.cookie;
    await keeper.call(api.endSession, { params: { id: (await currentOf(other)).id } });
    expect(await isSignedIn(copy)).toBe(false);
    const socket = connect(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, {
      transports: ['websocket'],
      reconnection: false,
      extraHeaders: { cookie: `${SESSION_COOKIE}=${other.cookie}` },
    });
    expect(await new Promise((resolve) => socket.once('session:ready', resolve))).toEqual({ userId: null });
    socket.disconnect();
  });

  it('"all others" ends every other session and keeps the current one', async () => {
    const { user, client: current } = await createMember(app);
    const others = [await signIn(user), await signIn(user, PHONE)];
    const response = await current.call(api.endOtherSessions);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ended: 2, message: SESSIONS_TEXT.endedOthers(2) });
    for (const other of others) expect(await isSignedIn(other)).toBe(false);
    expect(await isSignedIn(current)).toBe(true);
    expect((await sessionsOf(current)).map((s) => s.current)).toEqual([true]);
    expect((await current.call(api.endOtherSessions)).json()).toMatchObject({ ended: 0 });
  });

  it('ending the current session signs this browser out', async () => {
    const { client } = await createMember(app);
    const response = await client.call(api.endSession, { params: { id: (await currentOf(client)).id } });
    expect(response.statusCode).toBe(200);
    expect(client.cookie).toBeUndefined();
  });

  it('logout ends this session only: the member stays signed in elsewhere', async () => {
    const { user, client: elsewhere } = await createMember(app);
    const here = await signIn(user);
    const kept = here.cookie;
    expect((await here.call(api.logout)).statusCode).toBe(200);
    const copy = new TestClient(app);
    copy.cookie = kept;
    expect(await isSignedIn(copy)).toBe(false);
    expect(await isSignedIn(elsewhere)).toBe(true);
  });

  it('another member can neither list nor end your sessions: their calls name their own (404)', async () => {
    const { user: owner, client: ownerClient } = await createMember(app);
    const ownerSessions = [await signIn(owner), await signIn(owner)];
    const { client: stranger } = await createMember(app);
    const target = await currentOf(ownerSessions[1] as TestClient);

    const refused = await stranger.call(api.endSession, { params: { id: target.id } });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ code: ErrorCode.NotFound, message: SESSIONS_TEXT.notFound });
    expect(await isSignedIn(ownerSessions[1] as TestClient)).toBe(true);
    expect((await stranger.call(api.endOtherSessions)).json()).toMatchObject({ ended: 0 });
    expect(await isSignedIn(ownerClient)).toBe(true);
    expect(await sessionsOf(stranger)).toHaveLength(1);

    const visitor = new TestClient(app);
    expect((await visitor.call(api.sessions)).statusCode).toBe(401);
    expect((await visitor.call(api.endSession, { params: { id: target.id } })).statusCode).toBe(401);
  });

  it('an unknown, already ended or malformed session id is refused with a clear error', async () => {
    const { user, client } = await createMember(app);
    const other = await signIn(user);
    const id = (await currentOf(other)).id;
    await client.call(api.endSession, { params: { id } });
    expect((await client.call(api.endSession, { params: { id } })).statusCode).toBe(404);
    expect((await client.call(api.endSession, { params: { id: '2020-01.999' } })).statusCode).toBe(404);
    const malformed = await client.request('DELETE', '/api/sessions/nonsense');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe(ErrorCode.Validation);
  });

  it('a token from before session records (no session id) is refused', async () => {
    const { user } = await createMember(app);
    const old = new TestClient(app);
    old.cookie = app.jwt.sign({ sub: user.id, sv: user.sessionVersion } as never);
    expect(await isSignedIn(old)).toBe(false);
  });
});

describe('retention', () => {
  it('sweeps session records past the retention with their ends and last-seen, and keeps recent ones', async () => {
    const { user, client } = await createMember(app);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - 200 * 24 * 60 * 60 * 1000 });
    const { session: old } = await openSession(app, user, TEST_CLIENT, 'password');
    await authModels(app).SessionEnd.create({ _id: old._id, at: new Date(), reason: 'ended' });
    await authModels(app).SessionSeen.create({ _id: old._id, at: new Date() });
    vi.useRealTimers();
    expect(await removeExpiredMonths(app, LIMITS.activityRetentionDays)).toBeGreaterThan(0);
    expect(await authModels(app).SessionItem.findById(old._id).lean()).toBeNull();
    expect(await authModels(app).SessionEnd.findById(old._id).lean()).toBeNull();
    expect(await authModels(app).SessionSeen.findById(old._id).lean()).toBeNull();
    expect(await isSignedIn(client)).toBe(true);
  });
});

describe('a deleted account', () => {
  it('takes its session records, their ends and last-seen, and its activity log with it', async () => {
    const { user, client } = await createMember(app);
    const other = await signIn(user);
    await client.call(api.endSession, { params: { id: (await currentOf(other)).id } });
    await vi.waitFor(async () =>
      expect(await activityModels(app).ActivityItem.countDocuments({ userId: user.id })).toBe(2),
    );
    const response = await client.call(api.deleteAccount, { body: { password: DEFAULT_PASSWORD } });
    expect(response.statusCode).toBe(200);
    expect(await authModels(app).SessionItem.countDocuments({ userId: user.id })).toBe(0);
    expect(await activityModels(app).ActivityItem.countDocuments({ userId: user.id })).toBe(0);
    for (const model of [authModels(app).SessionEnd, authModels(app).SessionSeen]) {
      expect(await model.countDocuments({ _id: new RegExp(`^sessions:${user.id}:`) })).toBe(0);
    }
  });
});

describe('the session check on every request', () => {
  // What the check and these routes send to the database is in http/route-scans.test.ts.
  it('marks the session seen at most every five minutes, not on every request', async () => {
    const { client } = await createMember(app);
    for (let i = 0; i < 5; i++) await client.call(api.user);
    await app.settled();
    const unmarked = await currentOf(client);
    expect(unmarked.lastSeenAt).toBe(unmarked.createdAt);

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 6 * 60_000 });
    for (let i = 0; i < 3; i++) await client.call(api.user);
    await vi.waitFor(async () => {
      const current = await currentOf(client);
      expect(Date.parse(current.lastSeenAt)).toBeGreaterThan(Date.parse(current.createdAt));
    });
  });
});
