import { randomUUID } from 'node:crypto';
import { rooms, THREAD_TEXT } from '@enclave/protocol';
import type { App } from '@enclave/server';
import { createMember } from '@enclave/server/test/factories.ts';
import { aThread } from '@enclave/server/test/forum.ts';
import { move } from '@enclave/server/wallet/ledger.ts';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, MOBILE, screenshot, signedInContext, startProduct } from './harness.ts';

let browser: Browser;
let app: App;
let url: string;

beforeAll(async () => {
  ({ app, url } = await startProduct());
  browser = await launchBrowser();
});

async function aMemberWithCoins(coins: number) {
  const { user } = await createMember(app);
  await move(app, { account: user.id, amount: coins, key: `grant:${user.id}:${randomUUID()}`, type: 'admin_grant' });
  return user;
}

/** Both pages must be in the thread's room before anyone contributes, or there is nothing live to see. */
async function untilWatching(threadId: number, sockets: number) {
  await expect
    .poll(async () => (await app.io.in(rooms.thread(threadId)).fetchSockets()).length, { timeout: 10_000 })
    .toBe(sockets);
}

const progress = (page: Page) => page.getByRole('progressbar', { name: 'Group buy progress' });

describe('a group buy in Chromium', () => {
  it("moves every watcher's progress bar live, without a reload, up to completion", async () => {
    const { user: organiser } = await createMember(app, { isAdmin: true });
    const thread = await aThread(app, organiser, {
      title: 'Group buy: Figma plugin bundle',
      content: 'Two seats, 20 coins each. The seats are assigned when both places are taken.',
      tags: ['group-buy', 'design'],
      isGroupBuy: true,
      groupBuyParticipantsRequired: 2,
      groupBuyContributionAmount: 20,
      groupBuyContent: 'Bundle licence key FIGMA-2468',
    });
    const [first, second] = [await aMemberWithCoins(100), await aMemberWithCoins(100)];
    const threadUrl = `${url}/thread/${thread.id}`;
    const firstPage = await (await signedInContext(browser, app, url, first)).newPage();
    const secondPage = await (await signedInContext(browser, app, url, second, MOBILE)).newPage();
    await Promise.all([firstPage.goto(threadUrl), secondPage.goto(threadUrl)]);
    await expect.poll(() => progress(secondPage).getAttribute('aria-valuenow')).toBe('0');
    await untilWatching(thread.id, 2);
    // A reload would lose this marker.
    await secondPage.evaluate(() => Object.assign(window, { stillTheSamePage: true }));

    await firstPage.getByRole('button', { name: 'Contribute 20 coins' }).click();
    await firstPage.getByText(THREAD_TEXT.alreadyContributed).waitFor();
    await screenshot(firstPage, 'group-buy-contributed');

    await secondPage.getByText('1 of 2 participants').waitFor();
    // Paying is not enough: the content waits for the last place.
    expect(await firstPage.getByText('FIGMA-2468').count()).toBe(0);
    expect(await progress(secondPage).getAttribute('aria-valuenow')).toBe('50');
    expect(await secondPage.evaluate(() => 'stillTheSamePage' in window)).toBe(true);
    await screenshot(secondPage, 'group-buy-live-progress-mobile');

    await secondPage.getByRole('button', { name: 'Contribute 20 coins' }).click();
    await firstPage.getByText(THREAD_TEXT.groupBuyComplete).waitFor();
    expect(await progress(firstPage).getAttribute('aria-valuenow')).toBe('100');
    // Both participants see what it unlocked, live: the first page was never reloaded either.
    await firstPage.getByText('Bundle licence key FIGMA-2468').waitFor();
    await secondPage.getByText('Bundle licence key FIGMA-2468').waitFor();
    expect(await secondPage.evaluate(() => 'stillTheSamePage' in window)).toBe(true);
    await screenshot(firstPage, 'group-buy-complete');
    await screenshot(secondPage, 'group-buy-complete-mobile');
  });
});
