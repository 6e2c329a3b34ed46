import { CONSOLE_TEXT, FORUM_PAGE_TEXT, SERVER_TEXT } from '@enclave/protocol';
import type { App } from '@enclave/server';
import { createMember } from '@enclave/server/test/factories.ts';
import { aCategory, aThread } from '@enclave/server/test/forum.ts';
import { userModels } from '@enclave/server/users/models.ts';
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
    await page.getByRole('heading', { name: 'Users' }).waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'staff-moderator-categories');

    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).not.toContain(SERVER_TEXT.forbidden);
    expect(text).not.toContain(FORUM_PAGE_TEXT.errorLoadingCategories);
    expect(await page.getByRole('button', { name: 'New Category' }).count()).toBe(0);
    // A panel they may not use sends them to their first: Users (spec 001 §2 opens the console there).
    expect(new URL(page.url()).searchParams.get('tab')).toBe('users');
    // Only the panels whose calls a moderator may make are offered.
    expect(await links(page, 'Console tabs')).toEqual(Object.values(CONSOLE_TEXT.tabs));
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

  it('a moderator opens the console on Users, and may ban there but not add coins (issue 23, item 10)', async () => {
    const { user: moderator } = await createMember(app, { isModerator: true });
    const { user: member } = await createMember(app, { username: 'looked_up_member', email: 'looked@example.test' });
    const page = await (await signedInContext(browser, app, url, moderator)).newPage();
    await page.goto(`${url}/admin`);
    const table = page.getByRole('table');
    const row = table.getByRole('row').filter({ hasText: member.username });
    await row.waitFor();
    expect(new URL(page.url()).searchParams.get('tab')).toBe('users');
    expect(await links(page, 'Console tabs')).toContain(CONSOLE_TEXT.tabs.users);
    // What the server lets a moderator do, and nothing else: ban, yes; coins and members' addresses, no.
    await row.getByRole('button', { name: `${CONSOLE_TEXT.ban} ${member.username}` }).waitFor();
    expect(await page.getByRole('button', { name: new RegExp(CONSOLE_TEXT.addCoins) }).count()).toBe(0);
    expect(await table.getByText('looked@example.test').count()).toBe(0);
    await screenshot(page, 'staff-moderator-users');

    await row.getByRole('button', { name: `${CONSOLE_TEXT.ban} ${member.username}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: CONSOLE_TEXT.ban }).click();
    await row.getByText(CONSOLE_TEXT.status.banned).waitFor();
    expect((await userModels(app).User.findOne({ id: member.id }).lean())?.isBanned).toBe(true);
  });

  it("shows Edit Thread and Delete Thread on a thread's page to admins only: moderators delete from the console", async () => {
    const { user: author } = await createMember(app);
    const thread = await aThread(app, author, { title: 'A thread staff look at' });
    for (const [role, shown] of [
      [{ isModerator: true }, false],
      [{ isAdmin: true }, true],
    ] as const) {
      const { user } = await createMember(app, role);
      const page = await (await signedInContext(browser, app, url, user)).newPage();
      await page.goto(`${url}/thread/${thread.id}`);
      await page.getByRole('heading', { level: 1, name: thread.title }).waitFor();
      expect(await page.getByRole('link', { name: 'Edit Thread' }).count()).toBe(shown ? 1 : 0);
      expect(await page.getByRole('button', { name: 'Delete Thread' }).count()).toBe(shown ? 1 : 0);
      await page.context().close();
    }
  });
});
