import { api, PRESENCE_TEXT } from '@enclave/protocol';
import type { App } from '@enclave/server';
import { createMember } from '@enclave/server/test/factories.ts';
import { aThread } from '@enclave/server/test/forum.ts';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, memberTab, productInBrowser, screenshot, signedInContext, socketReady } from './harness.ts';

let browser: Browser;
let app: App;
let url: string;

beforeAll(async () => {
  ({ app, url, browser } = await productInBrowser());
});

/** A page of the member's own browser (a context of its own), opened at `path` once its socket is there. */
async function openAs(user: Parameters<typeof signedInContext>[3], path: string, viewport = DESKTOP): Promise<Page> {
  const page = await (await signedInContext(browser, app, url, user, viewport)).newPage();
  const ready = socketReady(page);
  await page.goto(`${url}${path}`);
  await ready;
  return page;
}

const readers = (page: Page) => page.getByTestId('thread-readers');

describe('who is here, in Chromium', () => {
  it("two members on one thread see each other reading; a closed tab leaves the other's count", async () => {
    const { user: author } = await createMember(app);
    const { user: ada } = await createMember(app, { username: 'ada_reads' });
    const { user: ben } = await createMember(app, { username: 'ben_reads' });
    const thread = await aThread(app, author, {
      title: 'Choosing a password manager for a family',
      content: 'Which one do you trust with shared vaults?',
      tags: ['passwords', 'family'],
    });
    const adaPage = await openAs(ada, `/thread/${thread.id}`);
    const benPage = await openAs(ben, `/thread/${thread.id}`);

    for (const [page, other] of [
      [adaPage, ben],
      [benPage, ada],
    ] as const) {
      await readers(page).getByText('2 reading').waitFor();
      await readers(page).locator(`[title="${other.username}"]`).waitFor();
      expect(await readers(page).textContent()).toContain('2 members reading');
    }
    await screenshot(adaPage, 'presence-thread-readers-1280');
    const phone = await openAs(ada, `/thread/${thread.id}`, MOBILE);
    await readers(phone).getByText('2 reading').waitFor();
    await screenshot(phone, 'presence-thread-readers-390');
    await phone.context().close();

    await benPage.context().close();
    await readers(adaPage).getByText('1 reading').waitFor();
    expect(await readers(adaPage).locator(`[title="${ben.username}"]`).count()).toBe(0);

    // A member who hides their profile comes to read: counted, drawn as a plain face, named nowhere.
    const { user: shy, client: shyClient } = await createMember(app, { username: 'shy_reader' });
    await shyClient.call(api.updatePrivacy, { body: { defaultThreadPrivate: false, hideProfile: true } });
    const shysTab = await memberTab(app, url, shy);
    expect(await shysTab.timeout(2000).emitWithAck('thread:watch', thread.id)).toEqual({ ok: true });
    await readers(adaPage).getByText('2 reading').waitFor();
    await readers(adaPage).locator(`[title="${PRESENCE_TEXT.hiddenMember}"]`).waitFor();
    expect(await adaPage.getByText(shy.username).count()).toBe(0);
    await screenshot(adaPage, 'presence-thread-hidden-reader-1280');
  });

  it('a member replying to another is shown "typing…" on their messages page, gone once the message is sent', async () => {
    const { user: ada, client: adaClient } = await createMember(app, { username: 'ada_writes' });
    const { user: ben, client: benClient } = await createMember(app, { username: 'ben_waits' });
    await adaClient.call(api.sendMessage, { body: { content: 'Did the invoice arrive?', recipientId: ben.id } });
    await benClient.call(api.sendMessage, { body: { content: 'Not yet, checking today.', recipientId: ada.id } });

    // Ben reads Ada's message, on a desktop and on his phone.
    const benPage = await openAs(ben, '/messages');
    await benPage.getByRole('option', { name: new RegExp(ada.username) }).click();
    await benPage.getByRole('article', { name: `From ${ada.username}` }).waitFor();
    const benPhone = await openAs(ben, '/messages', MOBILE);

    // Ada answers Ben's message with Reply.
    const adaPage = await openAs(ada, '/messages');
    await adaPage.getByRole('option', { name: new RegExp(ben.username) }).click();
    await adaPage.getByRole('button', { name: 'Reply' }).click();
    const dialog = adaPage.getByRole('dialog', { name: 'New Message' });
    await dialog.getByRole('textbox', { name: 'Message' }).pressSequentially('Arrived this morning, thanks');

    const typing = `${ada.username} is typing…`;
    const detail = benPage.getByRole('article', { name: `From ${ada.username}` });
    await detail.getByText(typing).waitFor();
    // The line at the top of the messages page says it too.
    await expect.poll(() => benPage.getByText(typing).count()).toBe(2);
    await benPhone.getByText(typing).first().waitFor();
    await screenshot(benPage, 'presence-messages-typing-1280');
    await screenshot(benPhone, 'presence-messages-typing-390');

    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await dialog.waitFor({ state: 'detached' });
    await benPage.getByText(typing).first().waitFor({ state: 'hidden' });
    expect(await benPage.getByText(typing).count()).toBe(0);
    await benPage.getByRole('option', { name: /Arrived this morning/ }).waitFor();
  });
});
