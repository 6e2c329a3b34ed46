import { api } from '@enclave/protocol';
import type { App } from '@enclave/server';
import { createMember } from '@enclave/server/test/factories.ts';
import { aThread } from '@enclave/server/test/forum.ts';
import type { Browser } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { MOBILE, productInBrowser, screenshot, signedInContext } from './harness.ts';

let browser: Browser;
let app: App;
let url: string;

beforeAll(async () => {
  ({ app, url, browser } = await productInBrowser());
});

describe('the notification bell in Chromium', () => {
  it('counts a reply live, and reading it in one tab clears it in the other', async () => {
    const { user: author } = await createMember(app);
    const { user: replier, client } = await createMember(app);
    const thread = await aThread(app, author, { title: 'Which keyboard should we buy together?' });
    const context = await signedInContext(browser, app, url, author);
    const [first, second] = [await context.newPage(), await context.newPage()];
    for (const page of [first, second]) {
      await page.goto(`${url}/`);
      await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    }

    const reply = await client.call(api.reply, { params: { id: thread.id }, body: { content: 'The split one.' } });
    expect(reply.statusCode).toBe(201);
    for (const page of [first, second]) {
      await page.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor();
    }
    expect(await first.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
    await screenshot(first, 'notifications-bell-desktop');

    await first.getByRole('button', { name: 'Notifications, 1 unread' }).click();
    const panel = first.getByRole('dialog', { name: 'Notifications' });
    const entry = panel.getByRole('link', { name: new RegExp(`${replier.username} replied in`) });
    await entry.waitFor();
    expect(await entry.textContent()).toContain('Which keyboard should we buy together?');
    await screenshot(first, 'notifications-panel-desktop');
    await panel.getByRole('button', { name: 'Mark all read' }).click();

    // The other tab never reloads: its bell follows the read mark pushed to the member's room.
    await second.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    await first.getByRole('button', { name: 'Notifications', exact: true }).waitFor();

    await entry.click();
    await first.waitForURL(`${url}/thread/${thread.id}`);
  });

  it('fits the bell and the panel on a phone', async () => {
    const { user: author } = await createMember(app, { username: 'a_rather_long_member_name_32chr' });
    const { client } = await createMember(app);
    const thread = await aThread(app, author, { title: 'A thread with a title long enough to wrap on a phone screen' });
    const page = await (await signedInContext(browser, app, url, author, MOBILE)).newPage();
    await page.goto(`${url}/`);
    await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    await client.call(api.reply, { params: { id: thread.id }, body: { content: 'Me too' } });
    await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await panel.getByRole('link').first().waitFor();
    const box = await panel.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= MOBILE.width).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await screenshot(page, 'notifications-panel-phone');
  });
});
