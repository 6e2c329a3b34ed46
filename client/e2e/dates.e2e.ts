import { AUTH_TOASTS, SECURITY, THREAD_PAGE_TEXT } from '@enclave/protocol';
import type { App } from '@enclave/server';
import { createMember } from '@enclave/server/test/factories.ts';
import { aThread } from '@enclave/server/test/forum.ts';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, productInBrowser, screenshot, signedInContext } from './harness.ts';

let app: App;
let url: string;
let browser: Browser;

/** A zone far from the server's UTC, so a date read in the wrong zone shows. */
const READER_ZONE = 'Asia/Tokyo';
const ISO_INSTANT = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** The product's date format (long date, short time), in the reader's zone. */
const inReaderZone = (instant: Date) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: READER_ZONE }).format(instant);

beforeAll(async () => {
  ({ app, url, browser } = await productInBrowser());
});

const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ });

describe('dates a member reads, in Chromium', () => {
  it('tells a muted member until when, in their own zone and the product’s format (item 8)', async () => {
    const { user: author } = await createMember(app);
    const thread = await aThread(app, author);
    const mutedUntil = new Date(Date.now() + 26 * 3600_000);
    const { user: muted } = await createMember(app, { mutedUntil });
    const page = await (
      await browser.newContext({ viewport: DESKTOP, timezoneId: READER_ZONE, storageState: await stateOf(muted) })
    ).newPage();
    await page.goto(`${url}/thread/${thread.id}`);
    const form = page.getByRole('form', { name: THREAD_PAGE_TEXT.leaveReply });
    await form.getByLabel('Your reply').fill('Trying to reply while muted.');
    await form.getByRole('button', { name: 'Post Reply' }).click();

    const toast = toasts(page).getByText(/You are muted until/);
    await toast.waitFor();
    expect(await toast.textContent()).toContain(`You are muted until ${inReaderZone(mutedUntil)}`);
    expect(await page.locator('body').textContent()).not.toMatch(ISO_INSTANT);
    await screenshot(page, 'dates-muted-toast');
  });

  it('tells a locked-out member when to try again, formatted (item 8)', async () => {
    const { user } = await createMember(app);
    const page = await (await browser.newContext({ viewport: DESKTOP, timezoneId: READER_ZONE })).newPage();
    await page.goto(`${url}/auth`);
    const form = page.getByRole('form', { name: 'Login' });
    for (let attempt = 0; attempt <= SECURITY.loginFailuresBeforeLock; attempt++) {
      await form.getByLabel('Username').fill(user.username);
      await form.getByLabel('Password').fill(`wrong-${attempt}`);
      await form.getByRole('button', { name: 'Login' }).click();
      await toasts(page).getByText(AUTH_TOASTS.loginFailed).waitFor();
      await form.getByRole('button', { name: 'Login' }).waitFor();
    }
    // The banner above the tabs (the toast says it too).
    const alert = page
      .getByRole('alert')
      .filter({ hasText: /Try again after/ })
      .first();
    await alert.waitFor();
    const text = (await alert.textContent()) ?? '';
    expect(text).not.toMatch(ISO_INSTANT);
    const lockEnd = new Date(Date.now() + SECURITY.loginLockMs);
    // The lock ends 15 minutes after the fifth failure: within the minute either side of now + 15 min.
    const candidates = [-60_000, 0, 60_000].map((shift) => inReaderZone(new Date(lockEnd.getTime() + shift)));
    expect(
      candidates.some((candidate) => text.includes(candidate)),
      text,
    ).toBe(true);
    await screenshot(page, 'dates-login-locked');
  });
});

/** The signed-in cookie of `user` as a storage state, for a context that also needs its own time zone. */
async function stateOf(user: Parameters<typeof signedInContext>[3]) {
  const context = await signedInContext(browser, app, url, user);
  const state = await context.storageState();
  await context.close();
  return state;
}
