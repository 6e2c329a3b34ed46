import { api, CONSOLE_TEXT, PAGE_TEXT, rooms } from '@enclave/protocol';
import type { App } from '@enclave/server';
import { createMember } from '@enclave/server/test/factories.ts';
import { aCategory } from '@enclave/server/test/forum.ts';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { MOBILE, productInBrowser, screenshot, signedInContext } from './harness.ts';

let browser: Browser;
let app: App;
let url: string;

beforeAll(async () => {
  ({ app, url, browser } = await productInBrowser());
});

const queue = (page: Page) => page.getByRole('list', { name: 'Pending threads' }).getByRole('listitem');

describe('the admin console in Chromium', () => {
  it("a moderator approves a thread and the admin's queue shrinks live, without a reload", async () => {
    const { user: admin } = await createMember(app, { isAdmin: true });
    const { user: moderator } = await createMember(app, { isModerator: true });
    const { client: member } = await createMember(app);
    const category = await aCategory(app, { name: 'Guides & Docs' });
    const post = (title: string) =>
      member.call(api.createThread, {
        body: {
          title,
          content: 'obfs4 versus snowflake, and what to do when both are blocked.',
          categoryId: category.id,
        },
      });
    expect((await post('Draft: Tor bridges behind a strict firewall')).statusCode).toBe(201);

    const adminPage = await (await signedInContext(browser, app, url, admin)).newPage();
    const moderatorPage = await (await signedInContext(browser, app, url, moderator)).newPage();
    await Promise.all([adminPage.goto(`${url}/admin?tab=threads`), moderatorPage.goto(`${url}/admin?tab=threads`)]);
    await expect.poll(() => queue(adminPage).count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => queue(moderatorPage).count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(async () => (await app.io.in(rooms.staff).fetchSockets()).length, { timeout: 10_000 }).toBe(2);
    // A reload would lose this marker.
    await adminPage.evaluate(() => Object.assign(window, { stillTheSamePage: true }));

    // A member posts while both watch: the thread joins both queues.
    expect((await post('Self-hosting a mail server')).statusCode).toBe(201);
    await adminPage.getByRole('listitem', { name: 'Self-hosting a mail server' }).waitFor();
    await moderatorPage.getByRole('listitem', { name: 'Self-hosting a mail server' }).waitFor();
    await screenshot(adminPage, 'admin-approval-queue');

    const first = moderatorPage.getByRole('listitem', { name: 'Draft: Tor bridges behind a strict firewall' });
    await first.getByRole('button', { name: CONSOLE_TEXT.approveThread }).click();
    await first.waitFor({ state: 'detached' });

    await adminPage
      .getByRole('listitem', { name: 'Draft: Tor bridges behind a strict firewall' })
      .waitFor({ state: 'detached' });
    expect(await queue(adminPage).count()).toBe(1);
    expect(await adminPage.evaluate(() => 'stillTheSamePage' in window)).toBe(true);
    expect(await adminPage.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
    await screenshot(adminPage, 'admin-approval-queue-after');

    await moderatorPage
      .getByRole('listitem', { name: 'Self-hosting a mail server' })
      .getByRole('button', { name: CONSOLE_TEXT.approveThread })
      .click();
    await adminPage.getByText(PAGE_TEXT.noPendingThreads).waitFor();
  });

  it('shows the users table as labelled cards on a phone', async () => {
    const { user: admin } = await createMember(app, { isAdmin: true });
    const page = await (await signedInContext(browser, app, url, admin, MOBILE)).newPage();
    await page.goto(`${url}/admin?tab=users`);
    await page.getByRole('table').waitFor();
    await page.getByRole('table').scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-users-mobile');
  });
});
