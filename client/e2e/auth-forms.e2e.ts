import { AUTH_TEXT, AUTH_TOASTS, api, LIMITS, TOASTS, VALIDATION, VERIFICATION_TEXT } from '@enclave/protocol';
import type { App } from '@enclave/server';
import { createMember } from '@enclave/server/test/factories.ts';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, productInBrowser, screenshot, signedInContext } from './harness.ts';

let app: App;
let url: string;
let browser: Browser;
let registrations = 0;

beforeAll(async () => {
  // No mail server: the development code is shown on the page, as on a developer's machine.
  ({ app, url, browser } = await productInBrowser());
});

const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ });
const registerForm = (page: Page) => page.getByRole('form', { name: 'Register' });
const loginForm = (page: Page) => page.getByRole('form', { name: 'Login' });

async function openRegister(page: Page) {
  await page.goto(`${url}/auth`);
  await page.getByRole('tab', { name: 'Register' }).click();
  return registerForm(page);
}

async function fillRegistration(page: Page, values: { username: string; email: string }) {
  const form = registerForm(page);
  await form.getByLabel('Username').fill(values.username);
  await form.getByLabel('Email').fill(values.email);
  await form.getByLabel('Password', { exact: true }).fill('secret123');
  await form.getByLabel('Confirm Password').fill('secret123');
  await form.getByRole('button', { name: 'Create Account' }).click();
}

function newMember() {
  registrations += 1;
  const username = `words${registrations}_${Date.now() % 100_000}`;
  return { username, email: `${username}@example.test` };
}

describe('the words of the sign-in forms in Chromium', () => {
  it('checks the email itself: no browser bubble, the spec’s text under the field (item 9)', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const form = await openRegister(page);
    expect(await form.evaluate((element) => (element as HTMLFormElement).noValidate)).toBe(true);
    await fillRegistration(page, { username: 'fine_name', email: 'not-an-email' });
    await form.getByText(VALIDATION.emailInvalid).waitFor({ timeout: 3000 });
    await screenshot(page, 'auth-email-invalid');
    await page.close();
  });

  it('names the username rule that was broken, on register and on login, in the browser and from the server (item 10)', async () => {
    const page = await browser.newPage({ viewport: MOBILE });
    const form = await openRegister(page);
    const cases: [string, string][] = [
      ['john doe', VALIDATION.usernameCharacters],
      ['x'.repeat(LIMITS.usernameMax + 8), VALIDATION.usernameMax],
      ['ab', VALIDATION.usernameMin],
    ];
    for (const [username, text] of cases) {
      await fillRegistration(page, { username, email: 'someone@example.test' });
      await form.getByText(text, { exact: true }).waitFor({ timeout: 3000 });
    }
    await screenshot(page, 'auth-username-rules-mobile');

    await page.getByRole('tab', { name: 'Login' }).click();
    await loginForm(page).getByLabel('Username').fill('john doe');
    await loginForm(page).getByLabel('Password').fill('secret123');
    await loginForm(page).getByRole('button', { name: 'Login' }).click();
    await loginForm(page).getByText(VALIDATION.usernameCharacters, { exact: true }).waitFor({ timeout: 3000 });

    // The server refuses with the same texts, from the same declaration.
    for (const [username, text] of cases) {
      const answer = await page.request.post(`${url}${api.register.url}`, {
        data: { username, email: 'someone@example.test', password: 'secret123', confirmPassword: 'secret123' },
      });
      expect(answer.status()).toBe(400);
      expect((await answer.json()).message).toBe(text);
    }
    await page.close();
  });

  it('toasts a refused resend with the server’s words and counts down from the server’s retry time (issue 23, item 8)', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await openRegister(page);
    await fillRegistration(page, newMember());
    await page.getByRole('heading', { name: VERIFICATION_TEXT.title, exact: true }).waitFor();
    // Within the minute after registering: the server refuses, and says for how long.
    const answered = page.waitForResponse((response) => response.url().endsWith(api.resendVerification.url));
    await page.getByRole('button', { name: VERIFICATION_TEXT.resend, exact: true }).click();
    const answer = await answered;
    expect(answer.status()).toBe(429);
    const refusal = (await answer.json()) as { message: string; details: { retryAfterSeconds: number } };
    const retryAfter = refusal.details.retryAfterSeconds;
    expect(retryAfter).toBeGreaterThan(50);

    // Spec 000 §8: a failed resend is a toast with the server's error.
    await toasts(page).getByText(AUTH_TOASTS.resendFailed).waitFor({ timeout: 3000 });
    await toasts(page).getByText(refusal.message).waitFor();
    const countdown = page.getByRole('button', { name: /^Resend Code in \d+s$/ });
    await countdown.waitFor({ timeout: 3000 });
    expect(await countdown.isDisabled()).toBe(true);
    const first = Number((await countdown.textContent())?.match(/\d+/)?.[0]);
    expect(first).toBeLessThanOrEqual(retryAfter);
    expect(first).toBeGreaterThanOrEqual(retryAfter - 2);
    await page.waitForFunction(
      (start) => {
        const text = [...document.querySelectorAll('button')]
          .map((b) => b.textContent ?? '')
          .find((t) => /in \d+s$/.test(t));
        return text !== undefined && Number(text.match(/(\d+)s$/)?.[1]) < start;
      },
      first,
      { timeout: 3000 },
    );
    await screenshot(page, 'auth-resend-refused');
    await page.close();
  });

  it('clears a failed login’s toast once a registration succeeds (item 12)', async () => {
    const { user } = await createMember(app);
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${url}/auth`);
    await loginForm(page).getByLabel('Username').fill(user.username);
    await loginForm(page).getByLabel('Password').fill('wrong-password');
    await loginForm(page).getByRole('button', { name: 'Login' }).click();
    const failure = toasts(page).getByText(AUTH_TOASTS.loginFailed);
    await failure.waitFor();

    await page.getByRole('tab', { name: 'Register' }).click();
    await fillRegistration(page, newMember());
    await page.getByRole('heading', { name: VERIFICATION_TEXT.title, exact: true }).waitFor();
    // Well inside the toast's own 5 s: it goes because the registration answered it.
    await failure.waitFor({ state: 'hidden', timeout: 1000 });
    await screenshot(page, 'auth-failure-cleared');
    await page.close();
  });

  it('shows only the success once the code is verified (item 13)', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await openRegister(page);
    await fillRegistration(page, newMember());
    const note = page.getByRole('note');
    await note.waitFor();
    const code = (await note.textContent())?.match(/\d{6}/)?.[0] ?? '';
    await page.getByLabel(VERIFICATION_TEXT.codeLabel).fill(code);
    // The success screen lasts 300 ms: record every text it was ever shown with.
    await page.evaluate(
      ([success, required]: string[]) => {
        const seen = { success: false, together: false };
        Object.assign(window, { verificationSeen: seen });
        new MutationObserver(() => {
          const text = document.body.textContent ?? '';
          if (!success || !required || !text.includes(success)) return;
          seen.success = true;
          if (text.includes(required)) seen.together = true;
        }).observe(document.body, { childList: true, subtree: true, characterData: true });
      },
      [VERIFICATION_TEXT.successTitle, AUTH_TEXT.verificationRequiredTitle],
    );
    await page.getByRole('button', { name: VERIFICATION_TEXT.verify }).click();
    await page.waitForURL(`${url}/`);
    const seen = await page.evaluate(() => (window as unknown as { verificationSeen: object }).verificationSeen);
    expect(seen).toEqual({ success: true, together: false });
    await page.close();
  });

  it('offers Logout, not Go to Login Page, on the verification screen of /auth itself (issue 23, item 13)', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await openRegister(page);
    await fillRegistration(page, newMember());
    await page.getByRole('heading', { name: VERIFICATION_TEXT.title, exact: true }).waitFor();
    await page.getByRole('link', { name: VERIFICATION_TEXT.goHome }).waitFor();
    const logout = page.getByRole('button', { name: VERIFICATION_TEXT.logout, exact: true });
    await logout.waitFor();
    expect(await page.getByRole('button', { name: VERIFICATION_TEXT.goToLogin }).count()).toBe(0);
    await screenshot(page, 'auth-verification-actions');

    await logout.click();
    await toasts(page).getByText(TOASTS.loggedOut.title).waitFor();
    await loginForm(page).waitFor();
    expect(await page.getByRole('heading', { name: VERIFICATION_TEXT.title, exact: true }).count()).toBe(0);
    await page.close();
  });

  it('tells a signed-in, verified member at /auth that the email is verified, then goes home (issue 23, item 11)', async () => {
    const { user } = await createMember(app);
    const context = await signedInContext(browser, app, url, user);
    const page = await context.newPage();
    await page.goto(`${url}/auth`);
    const main = page.getByRole('main');
    await main.getByRole('heading', { name: TOASTS.emailVerified.title }).waitFor();
    const home = main.getByRole('link', { name: VERIFICATION_TEXT.goHome });
    await home.waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth');
    await screenshot(page, 'auth-signed-in-verified');
    await home.click();
    await page.waitForURL(`${url}/`);

    // Left alone, the screen moves on to the home page by itself.
    await page.goto(`${url}/auth`);
    await main.getByRole('heading', { name: TOASTS.emailVerified.title }).waitFor();
    await page.waitForURL(`${url}/`, { timeout: 10_000 });
    await page.getByRole('heading', { name: 'Welcome to Enclave' }).waitFor();
    await context.close();
  });
});
