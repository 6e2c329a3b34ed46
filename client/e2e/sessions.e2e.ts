import { ACTIVITY_TEXT, PROFILE_TEXT, SESSION_TEXT, SESSIONS_TEXT } from '@enclave/protocol';
import type { App } from '@enclave/server';
import { createMember, DEFAULT_PASSWORD } from '@enclave/server/test/factories.ts';
import type { UserRecord } from '@enclave/server/users/user-model.ts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, productInBrowser, screenshot, signedInContext } from './harness.ts';
import { overflowOf } from './viewport-fit.ts';

const LAPTOP_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const PHONE_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const PHONE_SESSION = 'Safari 17 on iPhone (iOS 17)';
const LAPTOP_SESSION = 'Chrome 131 on Desktop (Linux)';

let app: App;
let url: string;
let browser: Browser;

beforeAll(async () => {
  ({ app, url, browser } = await productInBrowser());
});

const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ });

/** A browser that signs in through the login form, then opens the profile with its socket told who it is. */
async function signedInBrowser(context: BrowserContext, user: UserRecord): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${url}/auth`);
  const login = page.getByRole('form', { name: 'Login' });
  await login.getByLabel('Username').fill(user.username);
  await login.getByLabel('Password').fill(DEFAULT_PASSWORD);
  await login.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(`${url}/`);
  // Listened for from the socket's first frame on, so a quick greeting is not missed.
  const socketReady = new Promise<void>((resolve) =>
    page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => {
        if (/session:ready",\{"userId":[0-9]/.test(String(payload))) resolve();
      }),
    ),
  );
  await page.goto(`${url}/profile`);
  await page.getByRole('heading', { name: 'Profile Settings' }).waitFor();
  await socketReady;
  return page;
}

async function openView(page: Page, button: string, title: string) {
  await page.getByRole('tab', { name: 'Security' }).click();
  await page.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  return dialog;
}

describe('sessions and account activity on the profile’s Security tab', () => {
  it('ending a session in one browser signs the other out live; the activity log shows it', async () => {
    const { user } = await createMember(app);
    const laptop = await browser.newContext({ viewport: DESKTOP, userAgent: LAPTOP_AGENT });
    const phone = await browser.newContext({ viewport: MOBILE, userAgent: PHONE_AGENT, isMobile: true });
    const laptopPage = await signedInBrowser(laptop, user);
    const phonePage = await signedInBrowser(phone, user);

    const sessions = await openView(laptopPage, PROFILE_TEXT.manageSessions, SESSIONS_TEXT.title);
    const rows = sessions.getByRole('listitem');
    await rows.filter({ hasText: PHONE_SESSION }).waitFor();
    expect(await rows.first().textContent()).toContain(`${LAPTOP_SESSION}${SESSIONS_TEXT.current}`);
    await screenshot(laptopPage, 'sessions-desktop');

    await sessions.getByRole('button', { name: SESSIONS_TEXT.endLabel(PHONE_SESSION) }).click();
    // The phone is signed out by the server's push, not by a request of its own.
    await phonePage.waitForURL(`${url}/auth`);
    await toasts(phonePage).getByText(SESSION_TEXT.revoked.ended).waitFor();
    await screenshot(phonePage, 'sessions-phone-signed-out');
    await toasts(laptopPage).getByText(SESSIONS_TEXT.ended).waitFor();
    await rows.filter({ hasText: PHONE_SESSION }).waitFor({ state: 'detached' });
    expect(await laptopPage.getByRole('banner').getByText(user.username).count()).toBeGreaterThan(0);

    // Signed in again on the phone: its views fit a 390 px screen, and the log tells what happened.
    const phoneAgain = await signedInBrowser(phone, user);
    await phoneAgain.getByRole('tab', { name: 'Security' }).click();
    await phoneAgain.getByRole('button', { name: PROFILE_TEXT.viewLog }).scrollIntoViewIfNeeded();
    await screenshot(phoneAgain, 'security-tab-phone');
    const phoneSessions = await openView(phoneAgain, PROFILE_TEXT.manageSessions, SESSIONS_TEXT.title);
    await phoneSessions.getByRole('listitem').filter({ hasText: LAPTOP_SESSION }).first().waitFor();
    expect((await overflowOf(phoneAgain)).offenders).toEqual([]);
    await screenshot(phoneAgain, 'sessions-phone');
    await phoneSessions.getByRole('button', { name: 'Close' }).click();

    const log = await openView(phoneAgain, PROFILE_TEXT.viewLog, ACTIVITY_TEXT.title);
    await log.getByText(ACTIVITY_TEXT.sessionEnded).waitFor();
    const titles = await log.getByRole('listitem').allTextContents();
    expect(titles[0]).toContain(ACTIVITY_TEXT.signedIn);
    expect(titles[0]).toContain(PHONE_SESSION);
    expect(titles[1]).toContain(`${ACTIVITY_TEXT.sessionEnded}`);
    expect((await overflowOf(phoneAgain)).offenders).toEqual([]);
    await screenshot(phoneAgain, 'activity-phone');
    await log.getByRole('button', { name: 'Close' }).click();

    // All others, from the phone: the laptop is signed out live too.
    const again = await openView(phoneAgain, PROFILE_TEXT.manageSessions, SESSIONS_TEXT.title);
    await again.getByRole('button', { name: SESSIONS_TEXT.endOthers }).click();
    await laptopPage.waitForURL(`${url}/auth`);
    await again.getByText(SESSIONS_TEXT.noOthers).waitFor();
    await laptop.close();

    const desktop = await browser.newContext({ viewport: DESKTOP, userAgent: LAPTOP_AGENT });
    const desktopPage = await signedInBrowser(desktop, user);
    await openView(desktopPage, PROFILE_TEXT.viewLog, ACTIVITY_TEXT.title);
    await screenshot(desktopPage, 'activity-desktop');
    await Promise.all([phone.close(), desktop.close()]);
  });

  it('logs a profile edit and a failed password change, each in words (issue 23, item 13)', async () => {
    const { user } = await createMember(app);
    const page = await (await signedInContext(browser, app, url, user)).newPage();
    await page.goto(`${url}/profile`);
    await page.getByLabel('Bio').fill('Here for the group buys.');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toasts(page).getByText(PROFILE_TEXT.profileUpdated).waitFor();

    await page.getByRole('tab', { name: 'Security' }).click();
    await page.getByLabel('Current Password').fill('not-my-password');
    await page.getByLabel('New Password', { exact: true }).fill('brand-new-secret');
    await page.getByLabel('Confirm New Password').fill('brand-new-secret');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await toasts(page).getByText(PROFILE_TEXT.passwordChangeFailed).waitFor();

    const log = await openView(page, PROFILE_TEXT.viewLog, ACTIVITY_TEXT.title);
    const rows = log.getByRole('listitem');
    await rows.filter({ hasText: ACTIVITY_TEXT.passwordChangeFailed }).waitFor();
    const titles = await rows.allTextContents();
    expect(titles[0]).toContain(ACTIVITY_TEXT.passwordChangeFailed);
    expect(titles[1]).toContain(ACTIVITY_TEXT.profileUpdated(['bio']));
    // Where the failed attempt came from, as for a failed sign-in.
    expect(titles[0]).toContain(SESSIONS_TEXT.network);
    await screenshot(page, 'activity-profile-and-password');
  });
});
