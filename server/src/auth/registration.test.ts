import { AUTH_TEXT, api, ErrorCode, VALIDATION } from '@enclave/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { releaseSlots } from '../storage/index.ts';
import { createTestApp } from '../test/app.ts';
import { TestClient } from '../test/client.ts';
import { type Mailbox, startMailbox } from '../test/mailbox.ts';
import { userModels } from '../users/models.ts';

let app: App;
let mailbox: Mailbox;
let n = 0;
const fresh = () => {
  n += 1;
  return { username: `newbie${n}`, email: `newbie${n}@example.test`, password: 'secret1', confirmPassword: 'secret1' };
};

beforeAll(async () => {
  mailbox = await startMailbox();
  app = await createTestApp({ SMTP_URL: mailbox.url });
});

describe('POST /api/register', () => {
  it('creates an unverified account, signs it in and mails a code', async () => {
    const client = new TestClient(app);
    const form = fresh();
    const response = await client.call(api.register, { body: form });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      id: expect.any(Number),
      username: form.username,
      email: form.email,
      isEmailVerified: false,
    });
    expect(body.testVerificationCode).toBeUndefined();
    expect(await mailbox.codeFor(form.email)).toMatch(/^\d{6}$/);
    const me = await client.call(api.user);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      username: form.username,
      isEmailVerified: false,
      coinBalance: 0,
      isAdmin: false,
    });
  });

  it('sets an HttpOnly, SameSite=Lax session cookie (Secure only in production)', async () => {
    const response = await new TestClient(app).call(api.register, { body: fresh() });
    const cookie = response.cookies.find((c) => c.name === 'enclave_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
  });

  it('refuses a taken username and a taken email with the spec’s wording', async () => {
    const form = fresh();
    await new TestClient(app).call(api.register, { body: form });
    const sameName = await new TestClient(app).call(api.register, {
      body: { ...fresh(), username: form.username.toUpperCase() },
    });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toMatchObject({ code: ErrorCode.UsernameTaken });
    expect(sameName.json().message).toContain(AUTH_TEXT.usernameExists);
    const sameEmail = await new TestClient(app).call(api.register, { body: { ...fresh(), email: form.email } });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().message).toContain(AUTH_TEXT.emailInUse);
  });

  it('lets one of two identical racing registrations through and answers the other 409', async () => {
    const form = fresh();
    const [a, b] = await Promise.all([
      new TestClient(app).call(api.register, { body: form }),
      new TestClient(app).call(api.register, { body: form }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect(await userModels(app).User.countDocuments({ usernameKey: form.username })).toBe(1);
  });

  it.each([
    [{ username: 'ab' }, VALIDATION.usernameMin],
    [{ password: 'short', confirmPassword: 'short' }, VALIDATION.passwordMin],
    [{ email: 'not-an-email' }, VALIDATION.emailInvalid],
    [{ confirmPassword: 'different' }, VALIDATION.passwordsDontMatch],
  ])('refuses %o with “%s” and writes nothing', async (change, message) => {
    const form = { ...fresh(), ...change };
    const response = await new TestClient(app).call(api.register, { body: form });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message, code: ErrorCode.Validation });
    expect(await userModels(app).User.countDocuments({ email: form.email })).toBe(0);
  });
});

describe('development mode without SMTP', () => {
  it('returns testVerificationCode, and never in production', async () => {
    const dev = await createTestApp({ NODE_ENV: 'development' });
    const response = await new TestClient(dev).call(api.register, { body: fresh() });
    expect(response.json().testVerificationCode).toMatch(/^\d{6}$/);
  });

  it('shows a resent code only to the signed-in owner, never to a signed-out caller (hole 1)', async () => {
    const dev = await createTestApp({ NODE_ENV: 'development' });
    const form = fresh();
    const owner = new TestClient(dev);
    await owner.call(api.register, { body: form });
    await releaseSlots(dev, /./);
    const attacker = new TestClient(dev);
    const resent = await attacker.call(api.resendVerification, { body: { email: form.email } });
    expect(resent.statusCode).toBe(200);
    expect(resent.json().testVerificationCode).toBeUndefined();
    expect(resent.cookies).toEqual([]);
  });
});
