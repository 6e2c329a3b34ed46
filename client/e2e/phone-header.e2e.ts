import type { App } from '@enclave/server';
import { createMember } from '@enclave/server/test/factories.ts';
import { grantCoins } from '@enclave/server/test/forum.ts';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, productInBrowser, screenshot, signedInContext } from './harness.ts';
import { overflowOf, settledPage } from './viewport-fit.ts';

let browser: Browser;
let app: App;
let url: string;

beforeAll(async () => {
  ({ app, url, browser } = await productInBrowser());
});

/** A member with `coins` and a username of the longest allowed length, on `/` in a browser of `viewport`'s size. */
async function headerOf(coins: number, viewport = MOBILE): Promise<{ page: Page; username: string }> {
  const username = `header_${coins}_${viewport.width}_`.padEnd(32, 'x');
  const { user } = await createMember(app, { username });
  if (coins > 0) await grantCoins(app, user.id, coins);
  const page = await (await signedInContext(browser, app, url, user, viewport)).newPage();
  await page.goto(url);
  await settledPage(page);
  await page.getByRole('button', { name: `Account menu for ${username}` }).waitFor();
  return { page, username };
}

/** The header's pieces a member must reach: all inside the viewport, and the bottom bar on screen. */
async function expectWithinScreen(page: Page, username: string) {
  const { scrollWidth, innerWidth, offenders } = await overflowOf(page);
  expect(offenders).toEqual([]);
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  const menu = await page.getByRole('button', { name: `Account menu for ${username}` }).boundingBox();
  expect(menu && menu.x + menu.width).toBeLessThanOrEqual(innerWidth);
  const bottomBar = await page.getByRole('navigation', { name: 'Quick navigation' }).boundingBox();
  expect(bottomBar && bottomBar.y + bottomBar.height).toBeLessThanOrEqual(MOBILE.height);
  expect(bottomBar && bottomBar.x + bottomBar.width).toBeLessThanOrEqual(innerWidth);
}

describe('the header on a phone (390 px), issue 13 item 2', () => {
  it('fits with a four-digit balance, shown exactly', async () => {
    const { page, username } = await headerOf(9_999);
    await screenshot(page, 'header-phone-9999');
    await expectWithinScreen(page, username);
    await page.getByRole('banner').getByRole('link', { name: '9,999 coins' }).waitFor();
  });

  it('fits with 123,456 coins: a compact figure, the exact one in its label and tooltip', async () => {
    const { page, username } = await headerOf(123_456);
    await screenshot(page, 'header-phone-123456');
    await expectWithinScreen(page, username);
    const balance = page.getByRole('banner').getByRole('link', { name: '123,456 coins' });
    expect(await balance.textContent()).toMatch(/^123\.4K coins$/);
    expect(await balance.locator('[title]').getAttribute('title')).toBe('123,456 coins');
  });

  it('fits at 320 px with 1,234,567 coins', async () => {
    const { page, username } = await headerOf(1_234_567, { width: 320, height: MOBILE.height });
    await screenshot(page, 'header-phone-320-1234567');
    await expectWithinScreen(page, username);
  });

  it("cuts a 32-character name with an ellipsis where the header shows it, and the name's menu stays whole", async () => {
    const { page, username } = await headerOf(1_234_567, DESKTOP);
    await screenshot(page, 'header-desktop-1234567');
    const menu = page.getByRole('button', { name: `Account menu for ${username}` });
    const name = menu.getByText(username);
    const cut = await name.evaluate((element) => ({
      ellipsis: getComputedStyle(element).textOverflow,
      cut: element.scrollWidth > element.clientWidth,
    }));
    expect(cut).toEqual({ ellipsis: 'ellipsis', cut: true });
    const { scrollWidth, innerWidth } = await overflowOf(page);
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  });
});
