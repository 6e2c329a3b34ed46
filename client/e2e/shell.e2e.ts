import { join } from 'node:path';
import { PAGE_TEXT } from '@enclave/protocol';
import type { App } from '@enclave/server';
import { reply } from '@enclave/server/replies/service.ts';
import { createMember } from '@enclave/server/test/factories.ts';
import { aThread } from '@enclave/server/test/forum.ts';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, MOBILE, SCREENSHOT_DIR, screenshot, startProduct } from './harness.ts';

let browser: Browser;
let app: App;
let url: string;

beforeAll(async () => {
  ({ app, url } = await startProduct());
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

  it('shows a collapsed entry’s label on the first mouse hover, after the spec’s delay (issue 23, item 13)', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.addInitScript(() => localStorage.setItem('sidebarExpanded', 'false'));
    await page.goto(url);
    const menu = page.getByRole('complementary', { name: 'Side menu' });
    await page.getByRole('button', { name: 'Expand menu' }).waitFor();
    // The pointer comes from the page, as a member's does, onto an entry it has never been over.
    await page.mouse.move(DESKTOP.width / 2, DESKTOP.height / 2);
    await menu.getByRole('link', { name: 'Forums' }).hover();
    await page.getByRole('tooltip', { name: 'Forums' }).waitFor({ timeout: 3000 });
    await screenshot(page, 'shell-menu-tooltip');
    await page.mouse.move(DESKTOP.width / 2, DESKTOP.height / 2);
    await page.getByRole('tooltip').waitFor({ state: 'detached' });
    await menu.getByRole('link', { name: 'Buy Coins' }).hover();
    await page.getByRole('tooltip', { name: 'Buy Coins' }).waitFor({ timeout: 3000 });
    await page.close();
  });

  it('draws the side menu’s panel down the whole of a page taller than the screen (issue 23, item 13)', async () => {
    const { user: author } = await createMember(app, { isAdmin: true });
    const thread = await aThread(app, author, {
      title: 'Hardening a home router',
      content: 'Firmware, DNS, guest networks and what else you change first.',
    });
    for (let n = 1; n <= 8; n++) {
      const { user } = await createMember(app);
      await reply(app, user, thread.id, `Reply ${n}: ${'Flash OpenWrt, turn off WPS and UPnP, then '.repeat(8)}`);
    }
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${url}/thread/${thread.id}`);
    await page.getByText(/^Reply 8:/).waitFor();
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height).toBeGreaterThan(DESKTOP.height * 2);
    // While the page scrolls, the menu stays in view, its panel beneath it down to the screen's edge.
    const panel = await colourBeside(page, 'top');
    for (const at of ['top', 'middle', 'bottom'] as const) {
      expect({ at, colour: await colourBeside(page, at) }).toEqual({ at, colour: panel });
    }
    await screenshot(page, 'shell-menu-long-page-bottom');
    // The whole page at once, from its top: the panel's white runs down beside every reply, to the page's end.
    await colourBeside(page, 'top');
    const whole = await page.screenshot({
      fullPage: true,
      path: join(SCREENSHOT_DIR, 'shell-menu-long-page-full.png'),
    });
    const column = [0.5, 0.75, 0.99].map((share) => Math.floor(height * share));
    expect(await pixelsOf(whole, 24, column)).toEqual(column.map(() => panel));
    await page.close();
  });
});

/**
 * The colour painted at the bottom edge of the screen, a little inside the side menu's column, with the page
 * scrolled to its top, middle or bottom: the first ancestor of what is there with a background of its own.
 */
async function colourBeside(page: Page, at: 'top' | 'middle' | 'bottom'): Promise<string | null> {
  return page.evaluate(async (at) => {
    const room = document.documentElement.scrollHeight - innerHeight;
    window.scrollTo({ top: { top: 0, middle: room / 2, bottom: room }[at], behavior: 'instant' });
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    let element = document.elementFromPoint(24, innerHeight - 4);
    while (element && getComputedStyle(element).backgroundColor === 'rgba(0, 0, 0, 0)') element = element.parentElement;
    return element ? getComputedStyle(element).backgroundColor : null;
  }, at);
}

/** The colours of a screenshot at (x, y) for each y, as CSS writes them, read by a blank page's canvas. */
async function pixelsOf(png: Buffer, x: number, ys: number[]): Promise<string[]> {
  const reader = await browser.newPage();
  const colours = await reader.evaluate(
    async ({ data, x, ys }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${data}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      const context = canvas.getContext('2d') as CanvasRenderingContext2D;
      context.drawImage(image, 0, 0);
      return ys.map((y) => {
        const [r, g, b] = context.getImageData(x, y, 1, 1).data;
        return `rgb(${r}, ${g}, ${b})`;
      });
    },
    { data: png.toString('base64'), x, ys },
  );
  await reader.close();
  return colours;
}
