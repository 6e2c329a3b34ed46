import { api, ErrorCode, SERVER_TEXT, VALIDATION } from '@enclave/protocol';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../app.ts';
import { createTestApp } from '../test/app.ts';
import { TestClient } from '../test/client.ts';
import { type Mailbox, startMailbox } from '../test/mailbox.ts';

let app: App;
let mailbox: Mailbox;
let n = 0;

beforeAll(async () => {
  mailbox = await startMailbox();
  app = await createTestApp({ SMTP_URL: mailbox.url });
});
afterEach(() => {
  vi.useRealTimers();
});

async function registered() {
  n += 1;
  const client = new TestClient(app);
  const username = `verify${n}`;
  const email = `${username}@example.test`;
  await client.call(api.register, { body: { username, email, password: 'secret1', confirmPassword: 'secret1' } });
  return { client, username, email, code: await mailbox.codeFor(email) };
}

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('POST /api/verify-email', () => {
  it("verifies with the code from the mail, and answers the member's own session with their account", async () => {
    const { client, username, email, code } = await registered();
    const response = await client.call(api.verifyEmail, { body: { code, email } });
    expect(response.statusCode).toBe(200);
    // What the client writes into its session cache, as GET /api/user would answer it.
    expect(response.json()).toEqual((await client.call(api.user)).json());
    expect(response.json()).toMatchObject({ username, email, isEmailVerified: true });
  });

  it('verifies by email alone when the session cookie is gone, signs no one in and answers a confirmation only', async () => {
    const { username, email, code } = await registered();
    const stranger = new TestClient(app);
    const response = await stranger.call(api.verifyEmail, { body: { code, email } });
    expect(response.statusCode).toBe(200);
    // It proves the address; the answer names nothing of the account (no balance, address, privacy or abilities).
    expect(response.json()).toEqual({ message: SERVER_TEXT.emailVerified, isEmailVerified: true });
    expect(response.cookies).toEqual([]);
    expect((await stranger.call(api.user)).statusCode).toBe(401);
    const owner = new TestClient(app);
    await owner.call(api.login, { body: { username, password: 'secret1' } });
    expect((await owner.call(api.user)).json()).toMatchObject({ email, isEmailVerified: true });
  });

  it('answers a signed-out verify of an already verified address like a wrong code (hole 1)', async () => {
    const { client, email, code } = await registered();
    await client.call(api.verifyEmail, { body: { code, email } });
    const attacker = new TestClient(app);
    const response = await attacker.call(api.verifyEmail, { body: { code: '000000', email } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: ErrorCode.CodeInvalid, message: SERVER_TEXT.codeInvalid });
    expect(response.cookies).toEqual([]);
    expect((await attacker.call(api.user)).statusCode).toBe(401);
  });

  it('refuses a wrong code with an error field, and a 6th try even with the right code', async () => {
    const { client, email, code } = await registered();
    for (let i = 0; i < 5; i++) {
      const response = await client.call(api.verifyEmail, { body: { code: wrong(code), email } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: ErrorCode.CodeInvalid,
        message: SERVER_TEXT.codeInvalid,
        error: SERVER_TEXT.codeInvalid,
      });
    }
    const sixth = await client.call(api.verifyEmail, { body: { code, email } });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe(SERVER_TEXT.codeAttemptsExceeded);
    expect((await client.call(api.user)).json().isEmailVerified).toBe(false);
  });

  it('counts concurrent wrong tries exactly: 20 at once, at most 5 checked', async () => {
    const { client, email, code } = await registered();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => client.call(api.verifyEmail, { body: { code: wrong(code), email } })),
    );
    expect(results.filter((r) => r.statusCode === 400)).toHaveLength(5);
    expect((await client.call(api.verifyEmail, { body: { code, email } })).statusCode).toBe(429);
  });

  it('refuses an expired code', async () => {
    const { client, email, code } = await registered();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 16 * 60 * 1000 });
    const response = await client.call(api.verifyEmail, { body: { code, email } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: ErrorCode.CodeExpired, message: SERVER_TEXT.codeExpired });
  });

  it('rejects a code that is not 6 digits', async () => {
    const { client, email } = await registered();
    const response = await client.call(api.verifyEmail, { body: { code: '12345', email } });
    expect(response.statusCode).toBe(400);
  });
});

describe('POST /api/resend-verification', () => {
  it('refuses a resend within 60 s, then mails a new code that replaces the old one', async () => {
    const { client, email, code } = await registered();
    const early = await client.call(api.resendVerification, { body: { email } });
    expect(early.statusCode).toBe(429);
    expect(early.json().error).toMatch(/Please wait \d+ seconds/);
    // The seconds left as a typed detail: the client counts them down on the button.
    expect(early.json().details.retryAfterSeconds).toBeGreaterThan(50);

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61 * 1000 });
    const response = await client.call(api.resendVerification, { body: { email } });
    expect(response.statusCode).toBe(200);
    const second = await mailbox.codeFor(email, 2);
    if (second !== code) {
      expect((await client.call(api.verifyEmail, { body: { code, email } })).statusCode).toBe(400);
    }
    expect((await client.call(api.verifyEmail, { body: { code: second, email } })).statusCode).toBe(200);
  });

  it('needs an email when there is no session', async () => {
    const response = await new TestClient(app).call(api.resendVerification, { body: {} });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: VALIDATION.noEmailForVerification,
      error: VALIDATION.noEmailForVerification,
    });
  });

  it('answers an unknown address like a known one and sends nothing', async () => {
    const response = await new TestClient(app).call(api.resendVerification, { body: { email: 'nobody@example.test' } });
    expect(response.statusCode).toBe(200);
    expect(mailbox.countFor('nobody@example.test')).toBe(0);
  });
});

describe('unverified members', () => {
  it('get a 403 with a clear code on member routes but keep their own record', async () => {
    const { client } = await registered();
    const search = await client.call(api.searchUser, { params: { username: 'someone' } });
    expect(search.statusCode).toBe(403);
    expect(search.json()).toMatchObject({ code: ErrorCode.EmailNotVerified });
    expect((await client.call(api.user)).statusCode).toBe(200);
    expect((await client.call(api.logout)).statusCode).toBe(200);
  });
});
