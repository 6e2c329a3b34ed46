import { api } from '@enclave/protocol';
import type { App } from '@enclave/server';
import { TestClient } from '@enclave/server/test/client.ts';
import { createMember, signedInCookie } from '@enclave/server/test/factories.ts';
import type { UserRecord } from '@enclave/server/users/user-model.ts';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, signedInContext, socketReady, startProduct } from './harness.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

/** A signed-in client of `app` for a member created elsewhere (the session cookie is valid on every instance). */
async function clientOf(app: App, user: UserRecord): Promise<TestClient> {
  const client = new TestClient(app);
  client.cookie = await signedInCookie(app, user);
  return client;
}

const sameDocument = (page: Page) => page.evaluate(() => (window as { stillTheSamePage?: boolean }).stillTheSamePage);

const headerBalance = (page: Page, coins: string) =>
  page.getByRole('banner').getByText(`${coins} coins`, { exact: true });

describe('a server restart under an open tab', () => {
  it('reconnects and resyncs: the message and the balance change missed while down appear without a reload', async () => {
    const first = await startProduct();
    const { user: alice } = await createMember(first.app);
    const { user: bob } = await createMember(first.app);
    const { user: admin } = await createMember(first.app, { isAdmin: true });

    const page = await (await signedInContext(browser, first.app, first.url, alice)).newPage();
    // An open tab: loaded, its socket connected (closed before, the tab would never have had one).
    const connected = socketReady(page);
    await page.goto(`${first.url}/messages`);
    await page.getByText('No messages yet.').waitFor();
    await headerBalance(page, '0').waitFor();
    await connected;
    // A reload would drop this marker: everything below must arrive in the same page.
    await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));

    // The server goes away; its sockets are closed with it.
    await first.app.close();

    // While alice's tab cannot be connected (another instance, another port, the same database), what she misses:
    const elsewhere = await startProduct({}, { database: first.database });
    expect(elsewhere.port).not.toBe(first.port);
    const sent = await (await clientOf(elsewhere.app, bob)).call(api.sendMessage, {
      body: { recipientId: alice.id, content: 'Sent while you were away' },
    });
    expect(sent.statusCode).toBe(201);
    const granted = await (await clientOf(elsewhere.app, admin)).call(api.addUserCoins, {
      body: { userId: alice.id, amount: 1000 },
    });
    expect(granted.statusCode).toBe(200);
    await elsewhere.app.close();

    // The server comes back where the tab expects it (a new process: nothing to recover the old connection from).
    const restarted = await startProduct({}, { port: first.port, database: first.database });

    const inbox = page.getByRole('listbox', { name: 'Inbox' });
    const row = inbox.getByRole('option', { name: new RegExp(bob.username) });
    await row.waitFor({ timeout: 20_000 });
    await row.getByText('Sent while you were away').waitFor();
    await headerBalance(page, '1,000').waitFor();
    await page.getByRole('navigation', { name: 'Primary' }).getByRole('link', { name: 'Messages 1 unread' }).waitFor();
    expect(await sameDocument(page)).toBe(true);
    await screenshot(page, 'reconnect-resynced');

    await row.click();
    await page
      .getByRole('article', { name: `From ${bob.username}` })
      .getByText('Sent while you were away')
      .waitFor();

    // The tab is signed in on the new server's socket too: what happens now is pushed again.
    const live = await (await clientOf(restarted.app, bob)).call(api.sendMessage, {
      body: { recipientId: alice.id, content: 'And this one arrived live' },
    });
    expect(live.statusCode).toBe(201);
    await inbox.getByRole('option', { name: /And this one arrived live/ }).waitFor();
    expect(await sameDocument(page)).toBe(true);
  });
});
