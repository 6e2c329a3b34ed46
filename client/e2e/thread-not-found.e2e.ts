import { PAGE_TEXT } from '@enclave/protocol';
import type { App } from '@enclave/server';
import { createMember } from '@enclave/server/test/factories.ts';
import type { Browser } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { productInBrowser, screenshot, signedInContext } from './harness.ts';

let browser: Browser;
let app: App;
let url: string;

beforeAll(async () => {
  ({ app, url, browser } = await productInBrowser());
});

/** Not a thread: letters, zero, a negative, a fraction, beyond a safe integer, and a well-formed id no thread has. */
const NOT_THREADS = [
  '/thread/abc',
  '/thread/0',
  '/thread/-3',
  '/thread/1.5',
  '/thread/99999999999999999999',
  '/thread/424242',
];

describe('a thread address that names no thread', () => {
  it.each(['visitor', 'member'] as const)('shows a %s the not-found page, never validator text', async (who) => {
    const context =
      who === 'visitor'
        ? await browser.newContext()
        : await signedInContext(browser, app, url, (await createMember(app)).user);
    const page = await context.newPage();
    for (const path of NOT_THREADS) {
      await page.goto(`${url}${path}`);
      await page.getByRole('heading', { name: PAGE_TEXT.notFoundTitle }).waitFor({ timeout: 10_000 });
      const text = (await page.locator('main').textContent()) ?? '';
      expect({ path, text }).not.toMatchObject({ text: expect.stringMatching(/params\.|must be|Thread not found/) });
    }
    await screenshot(page, `thread-not-found-${who}`);
    await context.close();
  });

  it('the edit page of a thread id that cannot exist is the not-found page too', async () => {
    const { user: admin } = await createMember(app, { isAdmin: true });
    const page = await (await signedInContext(browser, app, url, admin)).newPage();
    await page.goto(`${url}/edit-thread/abc`);
    await page.getByRole('heading', { name: PAGE_TEXT.notFoundTitle }).waitFor({ timeout: 10_000 });
  });
});
