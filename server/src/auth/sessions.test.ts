import type { AddressInfo } from 'node:net';
import { api, ErrorCode, SERVER_TEXT } from '@enclave/protocol';
import { io as connect } from 'socket.io-client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../app.ts';
import { createTestApp } from '../test/app.ts';
import { TestClient } from '../test/client.ts';
import { createMember, DEFAULT_PASSWORD } from '../test/factories.ts';
import { userModels } from '../users/models.ts';
import { revokeSessions } from './service.ts';
import type { SessionToken } from './session-records.ts';

let app: App;

beforeAll(async () => {
  app = await createTestApp();
});
afterEach(() => {
  vi.useRealTimers();
});

async function loggedIn() {
  const { user } = await createMember(app);
  const client = new TestClient(app);
  const response = await client.call(api.login, { body: { username: user.username, password: DEFAULT_PASSWORD } });
  expect(response.statusCode).toBe(200);
  return { user, client, response };
}

describe('POST /api/login', () => {
  it('signs in with the right password and answers the current user', async () => {
    const { user, response } = await loggedIn();
    expect(response.json()).toMatchObject({ id: user.id, username: user.username, email: user.email, coinBalance: 0 });
  });

  it('accepts the username in any case', async () => {
    const { user } = await createMember(app);
    const response = await new TestClient(app).call(api.login, {
      body: { username: user.username.toUpperCase(), password: DEFAULT_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown name alike', async () => {
    const { user } = await createMember(app);
    const client = new TestClient(app);
    const wrong = await client.call(api.login, { body: { username: user.username, password: 'wrong-password' } });
    const unknown = await client.call(api.login, { body: { username: 'nobody-here', password: 'wrong-password' } });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().message).toBe(SERVER_TEXT.invalidCredentials);
  });

  it('locks the account for 15 minutes after 5 failures from one address, then lets the member in again', async () => {
    const { user } = await createMember(app);
    const attacker = new TestClient(app);
    const attempt = (password: string) => attacker.call(api.login, { body: { username: user.username, password } });
    for (let i = 0; i < 5; i++) expect((await attempt('wrong-password')).statusCode).toBe(401);
    const locked = await attempt(DEFAULT_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: ErrorCode.AccountLocked });
    expect(locked.json().message).toMatch(/Try again after/);

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 15 * 60 * 1000 + 1000 });
    expect((await attempt(DEFAULT_PASSWORD)).statusCode).toBe(200);
  });

  it('cannot be turned on a member: failures from other addresses leave theirs open (hole 8)', async () => {
    const { user } = await createMember(app);
    for (let i = 0; i < 5; i++) {
      const elsewhere = new TestClient(app);
      for (let j = 0; j < 5; j++) {
        await elsewhere.call(api.login, { body: { username: user.username, password: 'wrong-password' } });
      }
    }
    const member = await new TestClient(app).call(api.login, {
      body: { username: user.username, password: DEFAULT_PASSWORD },
    });
    expect(member.statusCode).toBe(200);
  });

  it('locks an unknown name exactly like a known one, so a lock reveals no account (hole 8)', async () => {
    const { user } = await createMember(app);
    const answers = [];
    for (const username of [user.username, 'nobody-at-all']) {
      const client = new TestClient(app);
      for (let i = 0; i < 5; i++) await client.call(api.login, { body: { username, password: 'wrong-password' } });
      const locked = await client.call(api.login, { body: { username, password: 'wrong-password' } });
      answers.push([locked.statusCode, locked.json().code]);
    }
    expect(answers).toEqual([
      [429, ErrorCode.AccountLocked],
      [429, ErrorCode.AccountLocked],
    ]);
  });

  it('limits one address to 6 tries a minute', async () => {
    const client = new TestClient(app);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push(
        (await client.call(api.login, { body: { username: `ghost${i}`, password: 'whatever' } })).statusCode,
      );
    }
    expect(statuses.slice(0, 6)).toEqual([401, 401, 401, 401, 401, 401]);
    expect(statuses[6]).toBe(429);
  });

  it('behind a trusted proxy, limits the address the proxy saw, whatever the client writes (hole 6)', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: '1' });
    const viaProxy = new TestClient(proxied);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const response = await viaProxy.request(
        'POST',
        api.login.url,
        { username: `ghost${i}`, password: 'whatever' },
        undefined,
        { 'x-forwarded-for': `${i + 1}.${i + 1}.${i + 1}.${i + 1}, 198.51.100.7` },
      );
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(6)).toEqual([429, 429]);
  });

  it('refuses a banned member', async () => {
    const { user } = await createMember(app, { isBanned: true });
    const response = await new TestClient(app).call(api.login, {
      body: { username: user.username, password: DEFAULT_PASSWORD },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: ErrorCode.Banned, message: SERVER_TEXT.banned });
  });
});

describe('sessions', () => {
  it('GET /api/user answers 401 without a session', async () => {
    const response = await new TestClient(app).call(api.user);
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe(ErrorCode.Unauthenticated);
  });

  it('logout invalidates the token even if a copy was kept', async () => {
    const { client } = await loggedIn();
    const stolen = client.cookie;
    expect((await client.call(api.logout)).statusCode).toBe(200);
    expect(client.cookie).toBeUndefined();
    const thief = new TestClient(app);
    thief.cookie = stolen;
    expect((await thief.call(api.user)).statusCode).toBe(401);
  });

  it('a ban refuses the cookie on the next call and signs open sockets out live', async () => {
    const { user, client } = await loggedIn();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const socket = connect(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, {
      transports: ['websocket'],
      reconnection: false,
      extraHeaders: { cookie: `enclave_session=${client.cookie}` },
    });
    const ready = await new Promise<{ userId: number | null }>((resolve) => socket.once('session:ready', resolve));
    expect(ready.userId).toBe(user.id);
    const revoked = new Promise((resolve) => socket.once('session:revoked', resolve));
    await userModels(app).User.updateOne({ id: user.id }, { $set: { isBanned: true, bannedAt: new Date() } });
    await revokeSessions(app, user.id, 'banned');
    expect(await revoked).toEqual({ reason: 'banned' });
    expect((await client.call(api.user)).statusCode).toBe(401);
    socket.disconnect();
  });

  it('a forged or foreign token is refused', async () => {
    const client = new TestClient(app);
    client.cookie = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOjEsInN2IjoxfQ.forged';
    expect((await client.call(api.user)).statusCode).toBe(401);
  });

  it('a token once accepted is refused when it expires, and a copy of it altered at once', async () => {
    const { client } = await loggedIn();
    const claims = app.jwt.decode<SessionToken>(client.cookie ?? '');
    if (!claims) throw new Error('no session token');
    const token = app.jwt.sign({ sub: claims.sub, sv: claims.sv, sid: claims.sid, m: claims.m }, { expiresIn: 2 });
    const shortLived = new TestClient(app);
    shortLived.cookie = token;
    expect((await shortLived.call(api.user)).statusCode).toBe(200);
    const altered = new TestClient(app);
    altered.cookie = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await altered.call(api.user)).statusCode).toBe(401);
    await expect.poll(async () => (await shortLived.call(api.user)).statusCode, { timeout: 5000 }).toBe(401);
  });
});

describe('cross-site request forgery', () => {
  it('refuses a state-changing form post without JSON or the custom header', async () => {
    const { user } = await createMember(app);
    for (const contentType of ['application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x']) {
      const response = await app.inject({
        method: 'POST',
        url: api.login.url,
        headers: { 'content-type': contentType },
        payload: `username=${user.username}&password=${DEFAULT_PASSWORD}`,
      });
      expect(response.statusCode, contentType).toBe(403);
      expect(response.json().code).toBe(ErrorCode.CsrfRejected);
    }
  });

  it('accepts JSON without the header', async () => {
    const { user } = await createMember(app);
    const response = await app.inject({
      method: 'POST',
      url: api.login.url,
      remoteAddress: '10.9.9.9',
      payload: { username: user.username, password: DEFAULT_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
  });
});
