import type { App } from '@enclave/server';
import { createMember } from '@enclave/server/test/factories.ts';
import { aThread } from '@enclave/server/test/forum.ts';
import type { UserRecord } from '@enclave/server/users/user-model.ts';
import type { Browser, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { MOBILE, productInBrowser, screenshot, signedInContext } from './harness.ts';
import { settledPage } from './viewport-fit.ts';

let browser: Browser;
let app: App;
let url: string;
let author: UserRecord;

beforeAll(async () => {
  ({ app, url, browser } = await productInBrowser());
  ({ user: author } = await createMember(app, { username: 'first_screen_author' }));
  await aThread(app, author, {
    title: 'Self-hosting a VPN on a budget',
    content: 'WireGuard on a small VPS is fast and cheap. Here is how I set mine up, step by step.',
    tags: ['vpn', 'wireguard'],
  });
});

/**
 * `target` is whole on the first screen of a phone: below the header, above the bottom bar, without scrolling.
 * The screenshot shows what a member sees first.
 */
async function expectOnFirstScreen(page: Page, target: Locator, name: string) {
  await target.waitFor();
  await screenshot(page, name);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const box = await target.boundingBox();
  const bottomBar = await page.getByRole('navigation', { name: 'Quick navigation' }).boundingBox();
  if (!box || !bottomBar) throw new Error('nothing to measure');
  expect(box.y + box.height, `${name}: bottom of the target against the bottom bar's top`).toBeLessThanOrEqual(
    bottomBar.y,
  );
}

async function phonePage(user: UserRecord | null, path: string): Promise<Page> {
  const context = user
    ? await signedInContext(browser, app, url, user, MOBILE)
    : await browser.newContext({ viewport: MOBILE });
  const page = await context.newPage();
  await page.goto(`${url}${path}`);
  await settledPage(page);
  return page;
}

const firstThreadCard = (page: Page) =>
  page.getByRole('list', { name: 'Recent threads' }).getByRole('listitem').first();

/**
 * On a phone a table row is a card of labelled cells, taller than a thread card; its first cell says what the row
 * is (the member, the thread), so that cell is what must be on the first screen.
 */
const firstTableRow = (page: Page) =>
  page
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByRole('cell') })
    .first()
    .getByRole('cell')
    .first();

describe('the first screen on a phone (390×844)', () => {
  it('home shows the first thread card above the fold, for a visitor and a member (item 16)', async () => {
    for (const [user, name] of [
      [null, 'home-visitor-phone'],
      [author, 'home-member-phone'],
    ] as const) {
      const page = await phonePage(user, '/');
      await expectOnFirstScreen(page, firstThreadCard(page), name);
      await page.context().close();
    }
  });

  it('the admin console shows its first table row on the first screen (item 17)', async () => {
    const { user: admin } = await createMember(app, { isAdmin: true });
    const { user: moderator } = await createMember(app, { isModerator: true });
    for (const [user, path, name] of [
      [admin, '/admin', 'console-users-phone'],
      [admin, '/admin?tab=content', 'console-content-phone'],
      [moderator, '/admin', 'console-moderator-phone'],
    ] as const) {
      const page = await phonePage(user, path);
      await expectOnFirstScreen(page, firstTableRow(page), name);
      await page.context().close();
    }
  });
});
