import { api } from '@enclave/protocol';
import type { App } from '@enclave/server';
import { createMember } from '@enclave/server/test/factories.ts';
import { aThread } from '@enclave/server/test/forum.ts';
import type { UserRecord } from '@enclave/server/users/user-model.ts';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, productInBrowser, screenshot, signedInContext } from './harness.ts';

/** Each test runs on a desktop and on a phone, its screenshots named by which. */
const BOTH_SIZES = [
  [DESKTOP, 'desktop'],
  [MOBILE, 'phone'],
] as const;

let browser: Browser;
let app: App;
let url: string;
let threadId: number;
let reader: UserRecord;

const QUOTED = 'Tactile switches, every time.\nLinear ones for games.';

beforeAll(async () => {
  ({ app, url, browser } = await productInBrowser());
  const { user: author } = await createMember(app, { username: 'carol_quoted' });
  const thread = await aThread(app, author, { title: 'Which keyboard switches?', content: 'Tell me **yours**.' });
  threadId = thread.id;
  const { client: bob } = await createMember(app, { username: 'bob_quoted' });
  await bob.call(api.reply, { params: { id: threadId }, body: { content: QUOTED } });
  ({ user: reader } = await createMember(app, { username: 'alice_quotes' }));
});

async function threadPage(viewport = DESKTOP): Promise<Page> {
  const page = await (await signedInContext(browser, app, url, reader, viewport)).newPage();
  await page.goto(`${url}/thread/${threadId}`);
  await page.getByRole('article', { name: 'Reply #1' }).waitFor();
  return page;
}

const replyBox = (page: Page) => page.getByRole('form', { name: 'Leave a Reply' }).getByLabel('Your reply');
const draftOf = (page: Page) => replyBox(page).inputValue();
/** The editor has taken the stand-in's place: its Write / Preview tabs are there. */
const editorShown = (page: Page) => page.getByRole('tab', { name: 'Write' }).waitFor();

describe('quotes, Reply and the editor in Chromium', () => {
  it('Quote puts the reply in the editor as a quote block, and the posted reply quotes it with a link to it', async () => {
    const page = await threadPage();
    await page.getByRole('article', { name: 'Reply #1' }).getByRole('button', { name: 'Quote', exact: true }).click();
    await editorShown(page);
    const source = `[#1](/thread/${threadId}#reply-1)`;
    await expect
      .poll(() => draftOf(page))
      .toBe(`> Tactile switches, every time.\n> Linear ones for games.\n>\n> — @bob_quoted, ${source}\n\n`);
    expect(await replyBox(page).evaluate((box) => box === document.activeElement)).toBe(true);
    await screenshot(page, 'editor-quote-desktop');

    await page.keyboard.type('Same here.');
    await page.getByRole('button', { name: 'Post Reply' }).click();
    const posted = page.getByRole('article', { name: 'Reply #2' });
    const quote = posted.locator('blockquote');
    await quote.waitFor();
    expect(await quote.textContent()).toContain('Tactile switches, every time.');
    expect(await quote.locator('a', { hasText: '#1' }).getAttribute('href')).toBe(`/thread/${threadId}#reply-1`);
    await page.context().close();
  });

  it('Quote on a selection quotes only what is selected', async () => {
    const page = await threadPage();
    const reply = page.getByRole('article', { name: 'Reply #1' });
    // Selects 'every time' inside the reply's text, as a member dragging over it would.
    await reply.evaluate((article) => {
      const walker = document.createTreeWalker(article, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.textContent?.indexOf('every time') ?? -1;
        if (at === -1) continue;
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + 'every time'.length);
        getSelection()?.removeAllRanges();
        getSelection()?.addRange(range);
        return;
      }
    });
    await reply.getByRole('button', { name: 'Quote', exact: true }).click();
    await editorShown(page);
    await expect
      .poll(() => draftOf(page))
      .toBe(`> every time\n>\n> — @bob_quoted, [#1](/thread/${threadId}#reply-1)\n\n`);

    // Quote on the thread's own post links to the thread.
    await page
      .getByRole('article', { name: 'Which keyboard switches?' })
      .getByRole('button', { name: 'Quote', exact: true })
      .click();
    await expect
      .poll(() => draftOf(page))
      .toContain(`> Tell me **yours**.\n>\n> — @carol_quoted, [the thread](/thread/${threadId})`);
    await page.context().close();
  });

  it('Reply starts a reply with a mention of the author, focused and in view', async () => {
    const page = await threadPage(MOBILE);
    await page.getByRole('article', { name: 'Reply #1' }).getByRole('button', { name: 'Reply', exact: true }).click();
    await editorShown(page);
    await expect.poll(() => draftOf(page)).toBe('@bob_quoted ');
    expect(await replyBox(page).evaluate((box) => box === document.activeElement)).toBe(true);
    await replyBox(page).evaluate((box) => box.scrollIntoView({ block: 'center' }));
    await screenshot(page, 'editor-reply-phone');
    await page.context().close();
  });

  it('a shortcut formats the selection and undo takes it back; Preview shows the server’s HTML', async () => {
    for (const [viewport, name] of BOTH_SIZES) {
      const page = await threadPage(viewport);
      await replyBox(page).click();
      await editorShown(page);
      await page.keyboard.type('loud');
      await page.keyboard.press('Shift+Home');
      await page.keyboard.press('Control+b');
      await expect.poll(() => draftOf(page)).toBe('**loud**');
      await page.keyboard.press('Control+z');
      await expect.poll(() => draftOf(page)).toBe('loud');
      await page.keyboard.press('Control+b');
      await page.keyboard.press('End');
      await page.keyboard.type(' and a [link](https://example.test)');
      await screenshot(page, `editor-write-${name}`);

      await page.getByRole('tab', { name: 'Preview' }).click();
      const panel = page.getByRole('tabpanel', { name: 'Preview' });
      await panel.locator('strong', { hasText: 'loud' }).waitFor();
      expect(await panel.locator('a', { hasText: 'link' }).getAttribute('rel')).toContain('nofollow');
      await screenshot(page, `editor-preview-${name}`);
      await page.context().close();
    }
  });

  it('@ suggests members, picked with the keyboard', async () => {
    for (const [viewport, name] of BOTH_SIZES) {
      const page = await threadPage(viewport);
      await replyBox(page).click();
      await editorShown(page);
      await page.keyboard.type('Thanks @bo');
      const list = page.getByRole('listbox', { name: 'Members' });
      await list.getByRole('option', { name: 'bob_quoted' }).waitFor();
      await screenshot(page, `editor-suggestions-${name}`);
      await page.keyboard.press('Enter');
      await expect.poll(() => draftOf(page)).toBe('Thanks @bob_quoted ');
      await list.waitFor({ state: 'detached' });
      await page.context().close();
    }
  });

  it('the compose dialog writes with the editor', async () => {
    for (const [viewport, name] of BOTH_SIZES) {
      const page = await (await signedInContext(browser, app, url, reader, viewport)).newPage();
      await page.goto(`${url}/messages`);
      await page.getByRole('button', { name: 'New Message' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'New Message' });
      await dialog.getByRole('toolbar', { name: 'Formatting' }).waitFor();
      await dialog.getByLabel('Message').fill('See _this_');
      // Escape closes the member suggestions, not the dialog around them.
      await dialog.getByLabel('Message').press('End');
      await page.keyboard.type(', @bo');
      await dialog.getByRole('option', { name: 'bob_quoted' }).waitFor();
      await page.keyboard.press('Escape');
      await dialog.getByRole('listbox').waitFor({ state: 'detached' });
      expect(await dialog.isVisible()).toBe(true);
      await dialog.getByLabel('Message').fill('See _this_');
      await screenshot(page, `editor-compose-${name}`);
      await page.context().close();
    }
  });
});
