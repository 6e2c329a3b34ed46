import { FORUM_PAGE_TEXT, THREAD_TEXT } from '@enclave/protocol';
import type { App } from '@enclave/server';
import { contribute } from '@enclave/server/group-buys/service.ts';
import { createMember } from '@enclave/server/test/factories.ts';
import { aCategory, aThread, grantCoins } from '@enclave/server/test/forum.ts';
import { threadModels } from '@enclave/server/threads/models.ts';
import { cancelGroupBuy } from '@enclave/server/threads/moderation.ts';
import type { Browser } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, productInBrowser, screenshot, signedInContext, socketReady } from './harness.ts';

let browser: Browser;
let app: App;
let url: string;
let privacyId: number;

beforeAll(async () => {
  ({ app, url, browser } = await productInBrowser());
  await aCategory(app, { name: 'General Discussion', description: 'Everything else', icon: 'MessageSquare' });
  const privacy = await aCategory(app, {
    name: 'Privacy & Security',
    description: 'VPNs, threat models, hardening',
    icon: 'Shield',
    color: 'secondary',
  });
  privacyId = privacy.id;
  const { user: author } = await createMember(app, { username: 'bob' });
  await aThread(app, author, {
    title: 'Self-hosting a VPN on a budget',
    content: 'WireGuard on a small VPS is fast and cheap.',
    categoryId: privacyId,
    tags: ['vpn', 'wireguard'],
  });
  await aThread(app, author, {
    title: 'Threat models for beginners',
    content: 'Start with who you are hiding from.',
    categoryId: privacyId,
    isPremium: true,
    premiumCost: 40,
  });
});

describe('the forum home in Chromium', () => {
  it('shows a visitor the recent threads, the categories and the Login prompts', async () => {
    for (const [viewport, name] of [
      [DESKTOP, 'desktop'],
      [MOBILE, 'mobile'],
    ] as const) {
      const page = await browser.newPage({ viewport });
      await page.goto(url);
      const recent = page.getByRole('list', { name: 'Recent threads' });
      await recent.getByRole('link', { name: 'Self-hosting a VPN on a budget' }).waitFor();
      expect(await recent.getByText('40 coins').isVisible()).toBe(true);
      const categories = page.getByRole('list', { name: 'Categories' });
      await categories.getByRole('link', { name: /Privacy & Security/ }).waitFor();
      expect(await categories.getByText('2 threads').isVisible()).toBe(true);
      expect(await page.getByRole('link', { name: 'Sign in to Get Started' }).isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: 'Start a New Thread' }).count()).toBe(0);
      await screenshot(page, `forum-home-visitor-${name}`);

      await page.getByRole('link', { name: 'Login to Create Thread' }).click();
      await page.waitForURL(`${url}/auth`);
      await page.close();
    }
  });

  it('narrows the recent threads by search and by category', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(url);
    const recent = page.getByRole('list', { name: 'Recent threads' });
    await recent.getByRole('article').first().waitFor();
    await page.getByRole('searchbox', { name: 'Search threads' }).fill('WIREGUARD');
    await recent.getByRole('link', { name: 'Self-hosting a VPN on a budget' }).waitFor();
    expect(await recent.getByRole('article').count()).toBe(1);
    await page.getByRole('searchbox', { name: 'Search threads' }).fill('no such thing anywhere');
    await page.getByText(THREAD_TEXT.noThreads).waitFor();

    await page.getByRole('searchbox', { name: 'Search threads' }).fill('');
    await page.getByRole('button', { name: /Category/ }).click();
    await page.getByRole('option', { name: 'General Discussion' }).click();
    await page.getByText(THREAD_TEXT.noThreads).waitFor();
    await page.close();
  });

  it('lets a member create a thread through the dialog and lands on the new thread', async () => {
    const { user: member } = await createMember(app, { username: 'alice' });
    const context = await signedInContext(browser, app, url, member);
    const page = await context.newPage();
    await page.goto(url);
    await page.getByRole('button', { name: 'Start a New Thread' }).click();
    const dialog = page.getByRole('dialog', { name: FORUM_PAGE_TEXT.createThreadTitle });
    await dialog.getByRole('textbox', { name: 'Title' }).fill('Which password manager do you trust?');
    await dialog.getByRole('textbox', { name: 'Content' }).fill('Looking for something open source and audited.');
    await dialog.getByRole('button', { name: /Category/ }).click();
    await page.getByRole('option', { name: 'Privacy & Security' }).click();
    const tags = dialog.getByRole('textbox', { name: 'Tags' });
    await tags.fill(' Passwords ');
    await tags.press('Enter');
    await tags.fill('Security,');
    await dialog.getByText('Group Buy', { exact: true }).click();
    await dialog
      .getByRole('textbox', { name: FORUM_PAGE_TEXT.groupBuyContent })
      .fill('Family plan invitations by email');
    await screenshot(page, 'forum-create-thread-dialog');
    await dialog.getByRole('button', { name: 'Create Thread' }).click();

    await page.waitForURL(/\/thread\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    const created = await threadModels(app).Thread.findOne({ id }).lean();
    expect(created).toMatchObject({
      title: 'Which password manager do you trust?',
      categoryId: privacyId,
      authorId: member.id,
      tags: ['passwords', 'security'],
      isGroupBuy: true,
      groupBuyParticipantsRequired: 5,
      groupBuyContributionAmount: 25,
      groupBuyContent: 'Family plan invitations by email',
      isApproved: false,
    });
    await page.getByText(FORUM_PAGE_TEXT.pendingCreatedTitle).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Which password manager do you trust?' }).waitFor();
    expect(await page.getByRole('main').getByText(THREAD_TEXT.pendingApproval).isVisible()).toBe(true);
    await screenshot(page, 'forum-created-thread');
    await context.close();
  });

  it('opens the create dialog from a category page with that category chosen', async () => {
    const { user: member } = await createMember(app);
    const page = await (await signedInContext(browser, app, url, member)).newPage();
    await page.goto(`${url}/category/${privacyId}`);
    await page.getByRole('heading', { level: 1, name: 'Privacy & Security' }).waitFor();
    await page.getByRole('list', { name: 'Threads' }).getByRole('article').first().waitFor();
    await screenshot(page, 'forum-category-page');
    await page.getByRole('button', { name: 'New Thread' }).click();
    const dialog = page.getByRole('dialog', { name: FORUM_PAGE_TEXT.createThreadTitle });
    // The select names its choice once the category list has loaded.
    await dialog.getByRole('button', { name: /Privacy & Security/ }).waitFor();
    await screenshot(page, 'forum-category-create-dialog');
    await page.close();
  });

  it('shows a group buy in its phase on every card, and a cancelled one stops inviting members, live', async () => {
    const { user: organiser } = await createMember(app);
    const { user: staff } = await createMember(app, { isModerator: true });
    const { user: member } = await createMember(app);
    await grantCoins(app, member.id, 50);
    const thread = await aThread(app, organiser, {
      title: 'Group buy: a password manager family plan',
      categoryId: privacyId,
      isGroupBuy: true,
      groupBuyParticipantsRequired: 3,
      groupBuyContributionAmount: 10,
    });
    await contribute(app, member, thread.id, 10);
    const page = await browser.newPage({ viewport: DESKTOP });
    const ready = socketReady(page);
    await page.goto(url);
    const card = page.getByRole('listitem').filter({ hasText: thread.title });
    await card.getByText(FORUM_PAGE_TEXT.groupBuyPlaces(1, 3)).waitFor();
    await ready;
    await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));

    await cancelGroupBuy(app, staff, thread.id, 'The seller withdrew the offer');

    await card.getByText(FORUM_PAGE_TEXT.groupBuyCancelled).waitFor();
    expect(await card.getByText(FORUM_PAGE_TEXT.groupBuyPlaces(1, 3)).count()).toBe(0);
    expect(await page.evaluate(() => 'stillTheSamePage' in window)).toBe(true);
    await screenshot(page, 'home-group-buy-cancelled');
    await page.goto(`${url}/category/${privacyId}`);
    await page
      .getByRole('listitem')
      .filter({ hasText: thread.title })
      .getByText(FORUM_PAGE_TEXT.groupBuyCancelled)
      .waitFor();
    await page.close();
  });
});
