import { api, type Message, type Post } from '@enclave/protocol';
import type { App } from '@enclave/server';
import { createMember } from '@enclave/server/test/factories.ts';
import { aThread } from '@enclave/server/test/forum.ts';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { MOBILE, productInBrowser, screenshot, signedInContext, socketReady } from './harness.ts';

let browser: Browser;
let app: App;
let url: string;

beforeAll(async () => {
  ({ app, url, browser } = await productInBrowser());
});

/** Opens `path` and waits until its socket is told who it is, so pushes from now on reach it. */
async function openLive(page: Page, path: string) {
  const ready = socketReady(page);
  await page.goto(`${url}${path}`);
  await ready;
}

const loads = (page: Page) => page.evaluate(() => performance.getEntriesByType('navigation').length);

describe('reactions in Chromium', () => {
  it('two members on one thread see each other’s reactions live, on a reply and on the thread', async () => {
    const { user: author, client: authorClient } = await createMember(app);
    const thread = await aThread(app, author, { title: 'Which keyboard switches?' });
    for (const content of ['Tactile, every time.', 'Linear for games.']) {
      await authorClient.call(api.reply, { params: { id: thread.id }, body: { content } });
    }
    const { user: alice } = await createMember(app, { username: 'alice_reacts' });
    const { user: bob } = await createMember(app, { username: 'bob_reacts' });
    const a = await (await signedInContext(browser, app, url, alice)).newPage();
    const b = await (await signedInContext(browser, app, url, bob, MOBILE)).newPage();
    await Promise.all([openLive(a, `/thread/${thread.id}`), openLive(b, `/thread/${thread.id}`)]);

    // Alice likes the first reply and gives the thread a heart from the picker.
    const aReply = a.getByRole('article', { name: 'Reply #1' });
    await aReply.getByRole('button', { name: 'Like', exact: true }).click();
    await aReply.getByRole('button', { name: 'Like: 1, you reacted' }).waitFor();
    const aThreadBar = a.getByRole('group', { name: 'Reactions' }).first();
    await aThreadBar.getByRole('button', { name: 'Add reaction' }).click();
    const picker = a.getByRole('dialog', { name: 'Choose a reaction' });
    await picker.getByRole('button', { name: 'Heart' }).waitFor();
    await screenshot(a, 'reactions-picker-desktop');
    await picker.getByRole('button', { name: 'Heart' }).click();
    await aThreadBar.getByRole('button', { name: 'Heart: 1, you reacted' }).waitFor();

    // Bob sees both without reloading, and answers with a heart of his own.
    const bReply = b.getByRole('article', { name: 'Reply #1' });
    await bReply.getByRole('button', { name: 'Like: 1' }).waitFor();
    const bThreadBar = b.getByRole('group', { name: 'Reactions' }).first();
    await bThreadBar.getByRole('button', { name: 'Heart: 1' }).click();
    await bThreadBar.getByRole('button', { name: 'Heart: 2, you reacted' }).waitFor();
    await bReply.getByRole('button', { name: 'Add reaction' }).click();
    await b.getByRole('dialog', { name: 'Choose a reaction' }).getByRole('button', { name: 'Party' }).waitFor();
    await screenshot(b, 'reactions-picker-phone');
    await b.getByRole('dialog', { name: 'Choose a reaction' }).getByRole('button', { name: 'Party' }).click();
    await bReply.getByRole('button', { name: 'Party: 1, you reacted' }).waitFor();

    // Alice sees Bob's, and who reacted names them both.
    await aThreadBar.getByRole('button', { name: 'Heart: 2, you reacted' }).waitFor();
    await aReply.getByRole('button', { name: 'Party: 1' }).waitFor();
    await aThreadBar.getByRole('button', { name: 'Heart: 2, you reacted' }).hover();
    const who = a.getByRole('tooltip');
    await who.getByText('alice_reacts, bob_reacts').waitFor();
    await screenshot(a, 'reactions-thread-desktop');
    expect(await loads(a)).toBe(1);
    expect(await loads(b)).toBe(1);

    // Taking a reaction back is live too.
    await bThreadBar.getByRole('button', { name: 'Heart: 2, you reacted' }).click();
    await aThreadBar.getByRole('button', { name: 'Heart: 1, you reacted' }).waitFor();
    await screenshot(b, 'reactions-thread-phone');
  });

  it('the two members of a private message see each other’s reactions live', async () => {
    const { user: alice, client: aliceClient } = await createMember(app);
    const { user: bob } = await createMember(app);
    const sent = (
      await aliceClient.call(api.sendMessage, { body: { content: 'Keyboards tonight?', recipientId: bob.id } })
    ).json() as Message;
    const a = await (await signedInContext(browser, app, url, alice)).newPage();
    const b = await (await signedInContext(browser, app, url, bob, MOBILE)).newPage();
    await Promise.all([openLive(a, '/messages'), openLive(b, '/messages')]);
    await a.getByRole('tab', { name: 'Sent' }).click();
    await a.getByRole('listbox', { name: 'Sent messages' }).getByRole('option').first().click();
    await b.getByRole('listbox', { name: 'Inbox' }).getByRole('option').first().click();
    const aMessage = a.getByRole('article', { name: `To ${bob.username}` });
    const bMessage = b.getByRole('article', { name: `From ${alice.username}` });

    await bMessage.getByRole('button', { name: 'Add reaction' }).click();
    await b.getByRole('dialog', { name: 'Choose a reaction' }).getByRole('button', { name: 'Party' }).click();
    await bMessage.getByRole('button', { name: 'Party: 1, you reacted' }).waitFor();
    await aMessage.getByRole('button', { name: 'Party: 1' }).click();
    await aMessage.getByRole('button', { name: 'Party: 2, you reacted' }).waitFor();
    await bMessage.getByRole('button', { name: 'Party: 2, you reacted' }).waitFor();
    await screenshot(a, 'reactions-message-desktop');
    await screenshot(b, 'reactions-message-phone');
    expect(sent.id).toBeGreaterThan(0);
  });

  it('a visitor sees the counts and is sent to sign in', async () => {
    const { user: author, client } = await createMember(app);
    const thread = await aThread(app, author);
    const post = (await client.call(api.reply, { params: { id: thread.id }, body: { content: 'Hi' } })).json() as Post;
    await client.call(api.react, { params: { target: 'post', id: post.id, kind: 'laugh' } });
    const page = await browser.newPage();
    await page.goto(`${url}/thread/${thread.id}`);
    const reply = page.getByRole('article', { name: 'Reply #1' });
    await reply.getByRole('button', { name: 'Laugh: 1' }).click();
    await page.waitForURL(/\/auth/);
    await page.close();
  });
});
