import { api } from '@enclave/protocol';
import type { App } from '@enclave/server';
import { createMember } from '@enclave/server/test/factories.ts';
import type { Browser } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { MOBILE, productInBrowser, screenshot, signedInContext } from './harness.ts';

let browser: Browser;
let app: App;
let url: string;

beforeAll(async () => {
  ({ app, url, browser } = await productInBrowser());
});

describe('private messages in Chromium', () => {
  it('delivers a message live: the recipient’s badge goes up and the message appears without a reload', async () => {
    const { user: sender } = await createMember(app);
    const { user: recipient } = await createMember(app);
    const senderPage = await (await signedInContext(browser, app, url, sender)).newPage();
    const recipientPage = await (await signedInContext(browser, app, url, recipient)).newPage();

    await recipientPage.goto(`${url}/messages`);
    await recipientPage.getByText('No messages yet.').waitFor();
    const recipientHeader = recipientPage.getByRole('navigation', { name: 'Primary' });
    await recipientHeader.getByRole('link', { name: 'Messages', exact: true }).waitFor();

    await senderPage.goto(`${url}/messages`);
    await senderPage.getByRole('button', { name: 'New Message' }).click();
    const dialog = senderPage.getByRole('dialog', { name: 'New Message' });
    await dialog.getByRole('textbox', { name: 'Username' }).fill(recipient.username);
    await dialog.getByRole('textbox', { name: 'Message' }).fill('Are you joining the font group buy tonight?');
    await screenshot(senderPage, 'messages-compose');
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The recipient's tab has not reloaded: the badge and the row come from the socket.
    await recipientHeader.getByRole('link', { name: 'Messages 1 unread' }).waitFor();
    const inbox = recipientPage.getByRole('listbox', { name: 'Inbox' });
    const row = inbox.getByRole('option', { name: new RegExp(sender.username) });
    await row.waitFor();
    expect(await row.getByText('New').isVisible()).toBe(true);
    expect(await recipientPage.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
    await screenshot(recipientPage, 'messages-live-inbox');

    // The sender's Sent box has it once, from the answer and the pushed echo merged by id.
    await senderPage.getByRole('tab', { name: 'Sent' }).click();
    const sent = senderPage.getByRole('listbox', { name: 'Sent messages' }).getByRole('option');
    await sent.first().waitFor();
    expect(await sent.count()).toBe(1);

    // Opening it reads it: the recipient's badge goes, and the sender gets the read receipt live.
    await row.click();
    await recipientPage.getByRole('article', { name: `From ${sender.username}` }).waitFor();
    await recipientHeader.getByRole('link', { name: 'Messages', exact: true }).waitFor();
    await screenshot(recipientPage, 'messages-detail');
    await sent.first().getByLabel('Read').waitFor();
  });

  it('shows the badge on the mobile bottom bar', async () => {
    const { user: sender, client } = await createMember(app);
    const { user: recipient } = await createMember(app);
    const page = await (await signedInContext(browser, app, url, recipient, MOBILE)).newPage();
    await page.goto(`${url}/messages`);
    await page.getByText('No messages yet.').waitFor();
    const response = await client.call(api.sendMessage, {
      body: { content: 'Hello from the e2e test', recipientId: recipient.id },
    });
    expect(response.statusCode).toBe(201);

    const bottomBar = page.getByRole('navigation', { name: 'Quick navigation' });
    await bottomBar.getByRole('link', { name: 'Messages 1 unread' }).waitFor();
    await page.getByRole('option', { name: new RegExp(sender.username) }).waitFor();
    await screenshot(page, 'messages-mobile-badge');
  });
});
