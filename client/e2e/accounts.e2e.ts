import { AUTH_TEXT, PROFILE_TEXT, SESSION_TEXT, TOASTS, VALIDATION, VERIFICATION_TEXT } from '@enclave/protocol';
import type { App } from '@enclave/server';
import { revokeSessions } from '@enclave/server/auth/service.ts';
import { createMember, DEFAULT_PASSWORD } from '@enclave/server/test/factories.ts';
import { type Mailbox, startMailbox } from '@enclave/server/test/mailbox.ts';
import { move } from '@enclave/server/wallet/ledger.ts';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, drawPicture, MOBILE, productInBrowser, screenshot, signedInContext, socketReady } from './harness.ts';

let app: App;
let url: string;
let browser: Browser;
let mailbox: Mailbox;
let registrations = 0;

beforeAll(async () => {
  mailbox = await startMailbox();
  ({ app, url, browser } = await productInBrowser({ SMTP_URL: mailbox.url }));
});

/** Registers a new member through the /auth page and waits for the verification screen. */
async function register(page: Page) {
  registrations += 1;
  const username = `newbie${registrations}${Date.now() % 10_000}`;
  const email = `${username}@example.test`;
  await page.goto(`${url}/auth`);
  await page.getByRole('tab', { name: 'Register' }).click();
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill('secret123');
  await form.getByLabel('Confirm Password').fill('secret123');
  await form.getByRole('button', { name: 'Create Account' }).click();
  await page.getByRole('heading', { name: AUTH_TEXT.verificationRequiredTitle }).waitFor();
  return { username, email };
}

const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ });

describe('accounts in Chromium', () => {
  it('registers, reads the code from the mail, verifies and lands on /', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const { username, email } = await register(page);
    expect(await page.getByText(AUTH_TEXT.verificationRequiredPublic).isVisible()).toBe(true);
    expect(await page.getByText(VERIFICATION_TEXT.codeSentTo(email)).isVisible()).toBe(true);
    // A real mail server is configured: no development code is handed to the browser.
    expect(await page.getByRole('note').count()).toBe(0);
    expect(await page.evaluate(() => sessionStorage.getItem('pendingVerificationEmail'))).toBe(email);
    await screenshot(page, 'accounts-verification-pending');

    await page.getByLabel(VERIFICATION_TEXT.codeLabel).fill(await mailbox.codeFor(email));
    await page.getByRole('button', { name: VERIFICATION_TEXT.verify }).click();
    await page.getByText(VERIFICATION_TEXT.successTitle).waitFor();
    await page.waitForURL(`${url}/`);
    await toasts(page).getByText(TOASTS.emailVerified.title).waitFor();
    expect(await page.getByRole('button', { name: `Account menu for ${username}` }).isVisible()).toBe(true);
    expect(await page.evaluate(() => sessionStorage.getItem('pendingVerificationEmail'))).toBeNull();
    await screenshot(page, 'accounts-verified-home');
    await page.close();
  });

  it('shows the toast of a wrong code', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const { email } = await register(page);
    const code = await mailbox.codeFor(email);
    await page.getByLabel(VERIFICATION_TEXT.codeLabel).fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: VERIFICATION_TEXT.verify }).click();
    await toasts(page).getByText(AUTH_TEXT.verificationFailed).waitFor();
    expect(await toasts(page).textContent()).toContain('Invalid verification code');
    await screenshot(page, 'accounts-wrong-code');
    await page.close();
  });

  it('puts the gate in front of /wallet for an unverified member, and sends a visitor to /auth', async () => {
    const context = await browser.newContext({ viewport: MOBILE });
    const page = await context.newPage();
    await register(page);
    await page.goto(`${url}/wallet`);
    await page.getByRole('heading', { name: AUTH_TEXT.verificationRequiredTitle }).waitFor();
    expect(await page.getByText(AUTH_TEXT.verificationRequiredProtected).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: VERIFICATION_TEXT.title, exact: true }).isVisible()).toBe(true);
    await screenshot(page, 'accounts-wallet-gate-mobile');

    await page.getByRole('button', { name: VERIFICATION_TEXT.logout }).click();
    await page.waitForURL(`${url}/auth`);
    await toasts(page).getByText(TOASTS.loggedOut.title).waitFor();
    await context.close();

    const visitor = await browser.newPage({ viewport: DESKTOP });
    await visitor.goto(`${url}/wallet`);
    await visitor.waitForURL(`${url}/auth`);
    await visitor.getByRole('tab', { name: 'Login' }).waitFor();
    await visitor.close();
  });

  it('updates the header balance live and signs a banned member out at once', async () => {
    const { user } = await createMember(app);
    const context = await signedInContext(browser, app, url, user);
    const page = await context.newPage();
    // A push is one-shot: move coins only once the tab's socket has been told who it is.
    const connected = socketReady(page);
    await page.goto(`${url}/profile`);
    await page.getByRole('heading', { name: 'Profile Settings' }).waitFor();
    const balance = page.getByRole('banner').getByText(/coins$/);
    expect(await balance.textContent()).toBe('0 coins');
    await connected;

    await move(app, { account: user.id, amount: 1000, key: `e2e-grant:${user.id}`, type: 'admin_grant' });
    await page.waitForFunction(() => document.querySelector('header')?.textContent?.includes('1,000 coins'));

    await revokeSessions(app, user.id, 'banned');
    await page.waitForURL(`${url}/auth`);
    await toasts(page).getByText(SESSION_TEXT.revoked.banned).waitFor();
    await context.close();
  });

  it('edits the profile, stores the privacy switches, crops a photo and deletes the account', async () => {
    const { user } = await createMember(app, { bio: 'Hello there.' });
    const context = await signedInContext(browser, app, url, user);
    const page = await context.newPage();
    await page.goto(`${url}/profile`);

    await page.getByLabel('Username').fill('ab');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText(VALIDATION.usernameMin).waitFor();
    await page.getByLabel('Username').fill(`${user.username}x`);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toasts(page).getByText(PROFILE_TEXT.profileUpdated).waitFor();

    await page.getByRole('tab', { name: 'Privacy' }).click();
    await page.getByText(PROFILE_TEXT.hideProfile).click();
    await page.getByRole('button', { name: PROFILE_TEXT.savePrivacy }).click();
    await toasts(page).getByText(PROFILE_TEXT.privacySaved).waitFor();
    await page.reload();
    await page.getByRole('tab', { name: 'Privacy' }).click();
    expect(await page.getByRole('switch', { name: new RegExp(PROFILE_TEXT.hideProfile) }).isChecked()).toBe(true);
    await screenshot(page, 'accounts-privacy');

    await page.getByRole('tab', { name: 'Profile' }).click();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Change profile picture' }).click();
    await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: await drawPicture(page) });
    const crop = page.getByRole('dialog', { name: PROFILE_TEXT.cropTitle });
    await crop.waitFor();
    await crop.locator('.cropper-crop-box').waitFor();
    await screenshot(page, 'accounts-crop-dialog');
    await crop.getByRole('button', { name: 'Save', exact: true }).click();
    await crop.waitFor({ state: 'detached' });
    const picture = page.getByRole('button', { name: 'Change profile picture' }).locator('img');
    await picture.waitFor();
    const served = await page.request.get(`${url}${await picture.getAttribute('src')}`);
    expect(served.headers()['content-type']).toBe('image/jpeg');

    await page.getByRole('button', { name: PROFILE_TEXT.deleteAccount }).click();
    const confirm = page.getByRole('alertdialog', { name: PROFILE_TEXT.deleteConfirmTitle });
    await confirm.getByLabel(PROFILE_TEXT.deletePasswordLabel).fill(DEFAULT_PASSWORD);
    await screenshot(page, 'accounts-delete-dialog');
    await confirm.getByRole('button', { name: PROFILE_TEXT.deleteAccount }).click();
    await toasts(page).getByText(PROFILE_TEXT.accountDeleted).waitFor();
    await page.waitForURL(`${url}/auth`, { timeout: 10_000 });
    await context.close();
  });

  it('keeps the profile’s tab in the address, so a reload or a shared link opens it (issue 23, item 13)', async () => {
    const { user } = await createMember(app);
    const page = await (await signedInContext(browser, app, url, user)).newPage();
    await page.goto(`${url}/profile`);
    await page.getByRole('tab', { name: 'Security' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('tab')).toBe('security');
    await page.reload();
    await page.getByRole('button', { name: PROFILE_TEXT.viewLog }).waitFor();
    expect(await page.getByRole('tab', { name: 'Security' }).getAttribute('aria-selected')).toBe('true');
    await screenshot(page, 'accounts-profile-security-reloaded');

    await page.goto(`${url}/profile?tab=privacy`);
    await page.getByRole('button', { name: PROFILE_TEXT.savePrivacy }).waitFor();
    await page.getByRole('tab', { name: 'Profile' }).click();
    await page.getByLabel('Bio').waitFor();
    await page.goBack();
    await page.getByRole('button', { name: PROFILE_TEXT.savePrivacy }).waitFor();
  });
});
