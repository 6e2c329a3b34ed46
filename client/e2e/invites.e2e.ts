import { api, MESSAGE_TEXT } from '@enclave/protocol';
import type { App } from '@enclave/server';
import { createMember } from '@enclave/server/test/factories.ts';
import { aThread } from '@enclave/server/test/forum.ts';
import { threadModels } from '@enclave/server/threads/models.ts';
import type { Browser } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, productInBrowser, screenshot, signedInContext } from './harness.ts';

let app: App;
let url: string;
let browser: Browser;

beforeAll(async () => {
  ({ app, url, browser } = await productInBrowser());
});

describe('thread invites in a message, in Chromium', () => {
  it('names the thread as a link for a reader who may open it (item 14)', async () => {
    const { user: author } = await createMember(app);
    const { user: sender, client } = await createMember(app);
    const { user: reader } = await createMember(app);
    const thread = await aThread(app, author, { title: 'Lens swap meetup in March' });
    const sent = await client.call(api.sendMessage, {
      body: {
        content: 'Come along!',
        recipientId: reader.id,
        attachmentType: 'invite',
        attachmentData: String(thread.id),
      },
    });
    expect(sent.statusCode).toBe(201);

    const page = await (await signedInContext(browser, app, url, reader, MOBILE)).newPage();
    await page.goto(`${url}/messages`);
    await page.getByRole('option', { name: new RegExp(sender.username) }).click();
    const attachment = page.getByRole('region', { name: 'Attachment' });
    const link = attachment.getByRole('link', { name: thread.title });
    await link.waitFor();
    expect(await attachment.textContent()).not.toContain(`Thread #${thread.id}`);
    await screenshot(page, 'invites-readable-mobile');
    await link.click();
    await page.waitForURL(`${url}/thread/${thread.id}`);
  });

  it('says "a thread you cannot open", and never the title, when the reader has lost access (item 14)', async () => {
    const { user: author } = await createMember(app);
    const { user: sender, client } = await createMember(app);
    const { user: reader, client: readerClient } = await createMember(app);
    const secretTitle = 'Acquisition plans nobody outside may read';
    const thread = await aThread(app, author, { title: secretTitle });
    const sent = await client.call(api.sendMessage, {
      body: {
        content: 'Look at this',
        recipientId: reader.id,
        attachmentType: 'invite',
        attachmentData: String(thread.id),
      },
    });
    expect(sent.statusCode).toBe(201);
    // The author makes the thread private afterwards, without the reader.
    await threadModels(app).Thread.updateOne(
      { id: thread.id },
      { $set: { isPrivate: true, allowedUserIds: [sender.id] } },
    );

    const listed = await readerClient.call(api.listMessages, { query: { box: 'inbox' } });
    expect(listed.body).not.toContain(secretTitle);

    const page = await (await signedInContext(browser, app, url, reader, DESKTOP)).newPage();
    await page.goto(`${url}/messages`);
    await page.getByRole('option', { name: new RegExp(sender.username) }).click();
    const attachment = page.getByRole('region', { name: 'Attachment' });
    await attachment.getByText(MESSAGE_TEXT.inviteUnavailable).waitFor();
    expect(await attachment.getByRole('link').count()).toBe(0);
    expect(await page.locator('body').textContent()).not.toContain(secretTitle);
    await screenshot(page, 'invites-unavailable');

    // The sender, who may still read it, sees the title in their Sent box.
    const senderPage = await (await signedInContext(browser, app, url, sender, DESKTOP)).newPage();
    await senderPage.goto(`${url}/messages`);
    await senderPage.getByRole('tab', { name: 'Sent' }).click();
    await senderPage.getByRole('listbox', { name: 'Sent messages' }).getByRole('option').first().click();
    await senderPage.getByRole('region', { name: 'Attachment' }).getByRole('link', { name: secretTitle }).waitFor();
  });
});
