import { PAGE_TEXT } from '@enclave/protocol';
import type { Browser } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, MOBILE, screenshot, startProduct } from './harness.ts';

let browser: Browser;
let url: string;

beforeAll(async () => {
  ({ url } = await startProduct());
  browser = await launchBrowser();
});

describe('the shell in Chromium', () => {
  it('opens the home page', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(url);
    await page.getByRole('heading', { name: 'Welcome to Enclave' }).waitFor();
    await page.getByRole('heading', { name: 'Discussion Forums' }).waitFor();
    await screenshot(page, 'shell-home-desktop');
    await page.close();
  });

  it('shows the not-found page with the missing path for an unknown path', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${url}/no/such/page`);
    await page.getByRole('heading', { name: PAGE_TEXT.notFoundTitle }).waitFor();
    expect(await page.getByText(PAGE_TEXT.notFoundBody).isVisible()).toBe(true);
    expect(await page.getByText('/no/such/page').isVisible()).toBe(true);
    await screenshot(page, 'shell-not-found');
    await page.getByRole('main').getByRole('link', { name: 'Home' }).click();
    await page.waitForURL(`${url}/`);
    await page.close();
  });

  it('collapses the desktop side menu and remembers it across reloads', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(url);
    const menu = page.getByRole('complementary', { name: 'Side menu' });
    await page.getByRole('button', { name: 'Collapse menu' }).click();
    await expect(menu.getAttribute('data-compact')).resolves.toBe('true');
    expect(await page.evaluate(() => localStorage.getItem('sidebarExpanded'))).toBe('false');
    await page.reload();
    await page.getByRole('button', { name: 'Expand menu' }).waitFor();
    await screenshot(page, 'shell-menu-collapsed');
    await page.getByRole('button', { name: 'Expand menu' }).click();
    expect(await page.evaluate(() => localStorage.getItem('sidebarExpanded'))).toBe('true');
    await page.close();
  });

  it('opens the mobile drawer and closes it from the backdrop', async () => {
    const page = await browser.newPage({ viewport: MOBILE });
    await page.goto(url);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.waitFor();
    await screenshot(page, 'shell-drawer-open');
    await page.mouse.click(MOBILE.width - 20, MOBILE.height / 2);
    await drawer.waitFor({ state: 'detached' });
    await page.close();
  });
});
