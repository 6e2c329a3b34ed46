import { api } from '@enclave/protocol';
import type { App } from '@enclave/server';
import { createMember } from '@enclave/server/test/factories.ts';
import { aThread } from '@enclave/server/test/forum.ts';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, productInBrowser, screenshot, signedInContext, socketReady } from './harness.ts';

let browser: Browser;
let app: App;
let url: string;

beforeAll(async () => {
  ({ app, url, browser } = await productInBrowser());
});

/** Whether the element's box lies within the page's viewport. */
const inView = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
  });

describe('a mention in Chromium', () => {
  it('rings the mentioned member’s bell live, opens the thread at the reply, and its link opens their page', async () => {
    const { user: author } = await createMember(app, { username: 'tess_starts' });
    const { user: writer } = await createMember(app, { username: 'anna_mentions' });
    const { user: mentioned } = await createMember(app, { username: 'bruno_mentioned', bio: 'Grows tomatoes.' });
    const title = 'Which tomatoes grow on a balcony?';
    const thread = await aThread(app, author, { title });
    // Earlier replies: the one that names Bruno is far enough down that the page must scroll to it.
    for (let i = 0; i < 8; i++) {
      const { client } = await createMember(app);
      const content = `Cherry tomatoes, reply ${i + 1}.\n\nThey need sun.\n\nAnd water.`;
      expect((await client.call(api.reply, { params: { id: thread.id }, body: { content } })).statusCode).toBe(201);
    }

    // Bruno reads the forum's thread list in another browser; his socket is ready before anything happens.
    const bruno = await (await signedInContext(browser, app, url, mentioned)).newPage();
    const ready = socketReady(bruno);
    await bruno.goto(`${url}/`);
    await bruno.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    await ready;

    // Anna replies on the thread page, naming him.
    const anna = await (await signedInContext(browser, app, url, writer)).newPage();
    await anna.goto(`${url}/thread/${thread.id}`);
    const box = anna.getByRole('form', { name: 'Leave a Reply' }).getByLabel('Your reply');
    await box.fill('Ask @bruno_mentioned, his grow all summer.');
    await anna.getByRole('button', { name: 'Post Reply' }).click();
    await anna.getByRole('article', { name: 'Reply #9' }).waitFor();

    // His bell counts it without a reload, and says who named him where.
    await bruno.getByRole('button', { name: 'Notifications, 1 unread' }).click();
    const entry = bruno
      .getByRole('dialog', { name: 'Notifications' })
      .getByRole('link', { name: `anna_mentions mentioned you in “${title}”` });
    await entry.waitFor();
    expect(await entry.getAttribute('href')).toBe(`/thread/${thread.id}#reply-9`);
    await screenshot(bruno, 'mention-notification-desktop');

    // The notification opens the thread at the reply that names him, scrolled to it.
    await entry.click();
    await bruno.waitForURL(`${url}/thread/${thread.id}#reply-9`);
    const reply = bruno.getByRole('article', { name: 'Reply #9' });
    await reply.waitFor();
    await expect.poll(() => inView(bruno, '#reply-9')).toBe(true);
    await bruno.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    await screenshot(bruno, 'mention-reply-desktop');

    // The mention links to his member page.
    const link = reply.getByRole('link', { name: '@bruno_mentioned' });
    expect(await link.getAttribute('href')).toBe(`/member/${mentioned.id}`);
    await link.click();
    await bruno.waitForURL(`${url}/member/${mentioned.id}`);
    const profile = bruno.getByRole('region', { name: 'bruno_mentioned' });
    await profile.getByText('Grows tomatoes.').waitFor();
    await profile.getByText('This is you.').waitFor();

    // Anna, on the same page, may message him from it.
    await anna.goto(`${url}/member/${mentioned.id}`);
    await anna.getByRole('region', { name: 'bruno_mentioned' }).getByRole('button', { name: 'Send Message' }).click();
    await anna.getByRole('dialog', { name: 'New Message' }).waitFor();
    await screenshot(anna, 'member-page-compose-desktop');
  });

  it('fits the member page and the mention notification on a phone and a desktop', async () => {
    const { user: writer } = await createMember(app, { username: 'a_member_with_a_long_name_32ch' });
    const { user: mentioned } = await createMember(app, {
      username: 'phone_reader',
      bio: 'Reads the forum on the train, and answers when someone names them in a reply.',
    });
    const thread = await aThread(app, writer, { title: 'A thread whose title is long enough to wrap on a phone' });
    for (const viewport of [MOBILE, DESKTOP]) {
      const page = await (await signedInContext(browser, app, url, mentioned, viewport)).newPage();
      const ready = socketReady(page);
      await page.goto(`${url}/member/${writer.id}`);
      await page.getByRole('region', { name: writer.username }).getByRole('button', { name: 'Send Message' }).waitFor();
      await ready;
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await screenshot(page, `member-page-${viewport.width}`);

      // A replier each time: a member replies once every 10 seconds.
      const { client } = await createMember(app);
      const content = `@phone_reader, seen this? (${viewport.width})`;
      expect((await client.call(api.reply, { params: { id: thread.id }, body: { content } })).statusCode).toBe(201);
      const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
      await bell.click();
      const panel = page.getByRole('dialog', { name: 'Notifications' });
      await panel
        .getByRole('link', { name: /mentioned you in/ })
        .first()
        .waitFor();
      const box = await panel.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= viewport.width).toBe(true);
      await screenshot(page, `mention-notification-${viewport.width}`);
      await page.context().close();
    }
  });
});
