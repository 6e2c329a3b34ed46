import { CONSOLE_TEXT, FORUM_PAGE_TEXT, SERVER_TEXT } from '@enclave/protocol';
import type { App } from '@enclave/server';
import { createMember } from '@enclave/server/test/factories.ts';
import { aCategory } from '@enclave/server/test/forum.ts';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { productInBrowser, screenshot, signedInContext } from './harness.ts';

let browser: Browser;
let app: App;
let url: string;

beforeAll(async () => {
  ({ app, url, browser } = await productInBrowser());
  await aCategory(app, { name: 'Guides & Docs' });
});

const links = (page: Page, navigation: string) =>
  page.getByRole('navigation', { name: navigation }).getByRole('link').allTextContents();

describe('staff see the console panels their abilities allow', () => {
  it('a moderator at /admin?tab=categories meets no refusal and no New Category button', async () => {
    const { user: moderator } = await createMember(app, { isModerator: true });
    const page = await (await signedInContext(browser, app, url, moderator)).newPage();
    await page.goto(`${url}/admin?tab=categories`);
    await page.getByRole('heading', { name: 'Admin Console' }).waitFor();
    await page.getByRole('heading', { name: 'Recent Threads' }).waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'staff-moderator-categories');

    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).not.toContain(SERVER_TEXT.forbidden);
    expect(text).not.toContain(FORUM_PAGE_TEXT.errorLoadingCategories);
    expect(await page.getByRole('button', { name: 'New Category' }).count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('tab')).toBe('content');
    // Only the panels whose calls a moderator may make are offered.
    expect(await links(page, 'Console tabs')).toEqual([CONSOLE_TEXT.tabs.content, CONSOLE_TEXT.tabs.reports]);
    const tools = await links(page, 'Staff tools');
    expect(tools.join(' ')).not.toMatch(/Categories|Database/);
    expect(await page.getByRole('link', { name: CONSOLE_TEXT.manageCategories }).count()).toBe(0);
  });

  it('an admin at /admin?tab=categories manages categories', async () => {
    const { user: admin } = await createMember(app, { isAdmin: true });
    const page = await (await signedInContext(browser, app, url, admin)).newPage();
    await page.goto(`${url}/admin?tab=categories`);
    await page.getByRole('button', { name: 'New Category' }).waitFor();
    await page.getByRole('listitem', { name: 'Guides & Docs' }).waitFor();
    expect(await links(page, 'Console tabs')).toEqual(Object.values(CONSOLE_TEXT.tabs));
  });
});
