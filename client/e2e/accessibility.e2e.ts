import { AxeBuilder } from '@axe-core/playwright';
import {
  ACTIVITY_TEXT,
  AUTH_TEXT,
  AUTH_TOASTS,
  CATEGORY_COLORS,
  CATEGORY_ICONS,
  CONSOLE_TEXT,
  FACTOR_TEXT,
  FORUM_PAGE_TEXT,
  PAGE_TEXT,
  PROFILE_TEXT,
  REACTION_TEXT,
  REPORT_DIALOG_TEXT,
  SESSIONS_TEXT,
  THREAD_PAGE_TEXT,
  THREAD_TEXT,
  type Thread,
  TOASTS,
  VALIDATION,
} from '@enclave/protocol';
import type { App } from '@enclave/server';
import { appCodeNow } from '@enclave/server/factors/authenticator-app.ts';
import { contribute } from '@enclave/server/group-buys/service.ts';
import { banMember, muteMember } from '@enclave/server/moderation/sanctions.ts';
import { saveReceivingAddresses } from '@enclave/server/payments/receiving-addresses.ts';
import { confirmPayment, createPayment } from '@enclave/server/payments/service.ts';
import { sendMessage } from '@enclave/server/private-messages/service.ts';
import { setReaction } from '@enclave/server/reactions/service.ts';
import { reply } from '@enclave/server/replies/service.ts';
import { createReport } from '@enclave/server/reports/service.ts';
import { createMember, DEFAULT_PASSWORD } from '@enclave/server/test/factories.ts';
import { aCategory, aThread, grantCoins } from '@enclave/server/test/forum.ts';
import { buyThread, unlockDiscussion } from '@enclave/server/threads/purchases.ts';
import type { UserRecord } from '@enclave/server/users/user-model.ts';
import type { Result } from 'axe-core';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createStarterPayment,
  DESKTOP,
  FORMATTED_CONTENT,
  MOBILE,
  memberTab,
  productInBrowser,
  screenshot,
  signedInContext,
  withSecondFactors,
} from './harness.ts';

/** Issue 8: axe finds no serious or critical violation on any page, in what a visitor, a member and staff see. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const BTC_ADDRESS = '1BitcoinEaterAddressDontSendf59kuE';

let app: App;
let url: string;
let browser: Browser;
let admin: UserRecord;
let moderator: UserRecord;
let alice: UserRecord;
let bob: UserRecord;
let carol: UserRecord;
let dave: UserRecord;
let forum: Record<'discussion' | 'premium' | 'unlockable' | 'unlocked' | 'groupBuy' | 'groupBuyDone', Thread>;
let categoryId: number;
let emptyCategoryId: number;

beforeAll(async () => {
  ({ app, url, browser } = await productInBrowser());
  await seedForum();
});

/** Something on every page: all eight category colours, each kind of thread, replies, messages, coins, a report, sanctions. */
async function seedForum() {
  admin = (await createMember(app, { username: 'ada_admin', isAdmin: true })).user;
  moderator = (await createMember(app, { username: 'moe_moderator', isModerator: true })).user;
  alice = (await createMember(app, { username: 'alice', bio: 'Privacy nerd and font collector.' })).user;
  bob = (await createMember(app, { username: 'bob', bio: 'Organises group buys.' })).user;
  carol = (await createMember(app, { username: 'carol', isEmailVerified: false })).user;
  dave = (await createMember(app, { username: 'dave' })).user;
  const erin = (await createMember(app, { username: 'erin' })).user;

  const categories = [];
  for (const [index, color] of CATEGORY_COLORS.entries()) {
    categories.push(
      await aCategory(app, {
        name: `${color.charAt(0).toUpperCase()}${color.slice(1)} Lounge`,
        description: `Threads filed under the ${color} colour.`,
        icon: CATEGORY_ICONS[index],
        color,
        ...(color === 'secondary' ? { isPremium: true, premiumCost: 50 } : {}),
      }),
    );
  }
  categoryId = categories[0]?.id ?? 0;
  emptyCategoryId = categories.at(-1)?.id ?? 0;

  const discussion = await aThread(app, bob, {
    title: 'Self-hosting a VPN on a budget',
    content: FORMATTED_CONTENT,
    categoryId,
    tags: ['vpn', 'wireguard'],
  });
  await reply(app, alice, discussion.id, 'Which provider did you pick for the VPS?');
  await reply(app, admin, discussion.id, 'Please keep provider names out of thread titles.');
  const spam = await reply(app, dave, discussion.id, 'Cheap VPS at my referral link, DM me.');
  // Reactions on the thread and a reply: the bars show chips, Alice's pressed.
  await setReaction(app, alice, { target: 'thread', id: discussion.id, kind: 'heart' }, true);
  await setReaction(app, bob, { target: 'post', id: spam.id, kind: 'laugh' }, true);
  const thread = (title: string, body: Parameters<typeof aThread>[2]) =>
    aThread(app, bob, { title, content: `${title}: the details, in full.`, categoryId, ...body });
  forum = {
    discussion,
    premium: await thread('Threat models for beginners', { isPremium: true, premiumCost: 40, tags: ['opsec'] }),
    unlockable: await thread('Password manager comparison', {
      hasUnlockableContent: true,
      unlockableCost: 25,
      unlockableType: 'text_content',
      unlockableContent: 'The spreadsheet with every score.',
    }),
    unlocked: await thread('Hardened Firefox profile', {
      hasUnlockableContent: true,
      unlockableCost: 10,
      unlockableType: 'download_link',
      unlockableContent: 'https://example.test/user.js',
    }),
    groupBuyDone: await thread('Group buy: icon set', {
      isGroupBuy: true,
      groupBuyParticipantsRequired: 1,
      groupBuyContributionAmount: 10,
    }),
    groupBuy: await thread('Group buy: Figma plugin bundle', {
      isGroupBuy: true,
      groupBuyParticipantsRequired: 3,
      groupBuyContributionAmount: 20,
    }),
  };
  await aThread(
    app,
    dave,
    { title: 'Draft: Tor bridges behind a strict firewall', content: 'obfs4 versus snowflake.', categoryId },
    { approved: false },
  );

  await grantCoins(app, alice.id, 500);
  await grantCoins(app, dave.id, 100);
  await unlockDiscussion(app, alice, forum.unlocked.id, 10);
  await contribute(app, alice, forum.groupBuyDone.id, 10);
  await buyThread(app, dave, { amount: 40, referenceId: forum.premium.id, referenceType: 'thread' });
  await contribute(app, dave, forum.groupBuy.id, 20);

  const fromBob = await sendMessage(app, bob, {
    content: 'Are you joining the font group buy tonight?',
    recipientId: alice.id,
  });
  await setReaction(app, alice, { target: 'message', id: fromBob.id, kind: 'party' }, true);
  await sendMessage(app, alice, { content: 'Yes, count me in.', recipientId: bob.id });
  await sendMessage(app, dave, { content: 'Thanks for the VPN guide!', recipientId: alice.id });

  await saveReceivingAddresses(
    app,
    { btc: { name: 'Bitcoin', symbol: 'BTC', network: 'Bitcoin', address: BTC_ADDRESS, usdRate: 65_000 } },
    null,
  );
  await createPayment(app, alice, { packageId: 'standard', currency: 'btc' });
  const paid = await createPayment(app, alice, { packageId: 'starter', currency: 'btc' });
  await confirmPayment(app, admin, paid.id, 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c1d2e3f4a5b6c7d8e9f0a1b2');

  await createReport(app, alice, { contentType: 'post', contentId: spam.id, reason: 'Spam link in the reply.' });
  await banMember(app, admin, erin.id, 'Spam');
  await muteMember(app, moderator, dave.id, 24);
}

/** What a failure says: the rule, what it asks for, and where (selector plus axe's summary). */
function describeViolation(violation: Result): string {
  const nodes = violation.nodes.map(
    (node) => `  at ${node.target.join(' ')}\n    ${node.failureSummary?.replaceAll('\n', '\n    ')}`,
  );
  return [`[${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})`, ...nodes].join('\n');
}

/** The page shows its data: no spinner or loading rows left, and no transition half-way (it would skew contrast). */
async function settled(page: Page) {
  await page.waitForFunction(
    () =>
      !document.querySelector('[aria-busy="true"]') &&
      ![...document.querySelectorAll('[role="status"]')].some((node) => node.textContent?.startsWith('Loading')),
  );
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
}

/**
 * Runs axe on the page as it is now and expects no serious or critical violation. Soft, so one test reports
 * every state that fails; a failing state is screenshotted. Legacy mode runs axe inside the page (the product
 * has no iframes) instead of opening a blank page per scan, which halves the file's run time.
 */
async function expectAccessible(page: Page, state: string) {
  await settled(page);
  const { violations } = await new AxeBuilder({ page })
    .withTags(AXE_TAGS)
    .options({ resultTypes: ['violations'] })
    .setLegacyMode()
    .analyze();
  const blocking = violations.filter(({ impact }) => impact === 'serious' || impact === 'critical');
  const shot = blocking.length > 0 ? ` (${await screenshot(page, `a11y-${state}`)})` : '';
  expect
    .soft(blocking.map(describeViolation).join('\n\n'), `${state}${shot}: serious or critical axe violations`)
    .toBe('');
}

async function visitorPage(viewport = DESKTOP) {
  return (await browser.newContext({ viewport })).newPage();
}

async function pageAs(user: UserRecord, viewport = DESKTOP) {
  return (await signedInContext(browser, app, url, user, viewport)).newPage();
}

async function closeDialog(page: Page) {
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}

describe('axe on every page for a visitor', () => {
  it('home, its empty search, and /forums', async () => {
    const page = await visitorPage();
    await page.goto(url);
    await page
      .getByRole('list', { name: 'Recent threads' })
      .getByRole('link', { name: forum.groupBuy.title })
      .waitFor();
    await page
      .getByRole('list', { name: 'Categories' })
      .getByRole('link', { name: /Light Lounge/ })
      .waitFor();
    await expectAccessible(page, 'home-visitor');
    await page.getByRole('searchbox', { name: 'Search threads' }).fill('no such thread anywhere');
    await page.getByText(THREAD_TEXT.noThreads).waitFor();
    await expectAccessible(page, 'home-no-threads-found');
    await page.goto(`${url}/forums`);
    await page
      .getByRole('list', { name: 'Categories' })
      .getByRole('link', { name: /Light Lounge/ })
      .waitFor();
    await expectAccessible(page, 'forums-visitor');
    await page.context().close();
  });

  it('auth: login, its errors and toasts, and register', async () => {
    const page = await visitorPage();
    await page.goto(`${url}/auth`);
    const login = page.getByRole('form', { name: 'Login' });
    await login.waitFor();
    await expectAccessible(page, 'auth-login');
    await login.getByRole('button', { name: 'Login' }).click();
    await login.getByText(VALIDATION.usernameMin).waitFor();
    await expectAccessible(page, 'auth-login-invalid');
    await login.getByLabel('Username').fill(alice.username);
    await login.getByLabel('Password').fill('not-the-password');
    await login.getByRole('button', { name: 'Login' }).click();
    await page
      .getByRole('region', { name: /Notifications/ })
      .getByText(AUTH_TOASTS.loginFailed)
      .waitFor();
    await expectAccessible(page, 'auth-login-failed-toast');
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByRole('form', { name: 'Register' }).waitFor();
    await expectAccessible(page, 'auth-register');
    await page.getByRole('tab', { name: 'Login' }).click();
    await login.getByLabel('Username').fill(alice.username);
    await login.getByLabel('Password').fill(DEFAULT_PASSWORD);
    await login.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${url}/`);
    await page
      .getByRole('region', { name: /Notifications/ })
      .getByText(TOASTS.welcomeBack.title)
      .waitFor();
    await expectAccessible(page, 'home-welcome-toast');
    await page.context().close();
  });

  it('threads, a category, privacy and the not-found page', async () => {
    const page = await visitorPage();
    await page.goto(`${url}/thread/${forum.discussion.id}`);
    await page.getByText('Which provider did you pick for the VPS?').waitFor();
    await expectAccessible(page, 'thread-visitor');
    await page.goto(`${url}/thread/${forum.premium.id}`);
    await page.getByRole('link', { name: 'Login to Purchase' }).waitFor();
    await expectAccessible(page, 'thread-premium-visitor');
    await page.goto(`${url}/thread/${forum.groupBuy.id}`);
    await page.getByRole('progressbar', { name: 'Group buy progress' }).waitFor();
    await expectAccessible(page, 'thread-group-buy-visitor');
    await page.goto(`${url}/category/${categoryId}`);
    await page.getByRole('link', { name: forum.discussion.title }).waitFor();
    await expectAccessible(page, 'category-visitor');
    await page.goto(`${url}/privacy`);
    await page.getByRole('heading', { name: 'Privacy', level: 1 }).waitFor();
    await expectAccessible(page, 'privacy');
    await page.goto(`${url}/no/such/page`);
    await page.getByRole('heading', { name: PAGE_TEXT.notFoundTitle }).waitFor();
    await expectAccessible(page, 'not-found');
    await page.context().close();
  });

  it('on a phone: home and the side menu drawer', async () => {
    const page = await visitorPage(MOBILE);
    await page.goto(url);
    await page
      .getByRole('list', { name: 'Categories' })
      .getByRole('link', { name: /Light Lounge/ })
      .waitFor();
    await expectAccessible(page, 'home-visitor-mobile');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).waitFor();
    await expectAccessible(page, 'side-menu-visitor-mobile');
    await page.context().close();
  });
});

describe('axe on every page for a member', () => {
  it('home with the user menu, the collapsed side menu and the create-thread dialog', async () => {
    const page = await pageAs(alice);
    await page.goto(url);
    await page
      .getByRole('list', { name: 'Categories' })
      .getByRole('link', { name: /Light Lounge/ })
      .waitFor();
    await expectAccessible(page, 'home-member');
    await page.getByRole('button', { name: `Account menu for ${alice.username}` }).click();
    await page.getByRole('menu').waitFor();
    await expectAccessible(page, 'user-menu');
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Collapse menu' }).click();
    await page
      .getByRole('complementary', { name: 'Side menu' })
      .getByRole('link', { name: /^Messages/ })
      .hover();
    await page.getByRole('tooltip', { name: 'Messages' }).waitFor();
    await expectAccessible(page, 'side-menu-collapsed-tooltip');
    await page.getByRole('button', { name: 'Expand menu' }).click();
    await page.getByRole('button', { name: 'Start a New Thread' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Thread' });
    await dialog.waitFor();
    await expectAccessible(page, 'create-thread-dialog');
    await dialog.getByRole('button', { name: 'Create Thread' }).click();
    await dialog.getByText(VALIDATION.titleRequired).waitFor();
    await expectAccessible(page, 'create-thread-dialog-invalid');
    await page.context().close();
  });

  it('threads: replies, report, premium purchase, unlocks and group buys', async () => {
    const page = await pageAs(alice);
    // Bob reads along: the readers strip shows two.
    const bobsTab = await memberTab(app, url, bob);
    expect(await bobsTab.timeout(2000).emitWithAck('thread:watch', forum.discussion.id)).toEqual({ ok: true });
    await page.goto(`${url}/thread/${forum.discussion.id}`);
    await page.getByText('Which provider did you pick for the VPS?').waitFor();
    await page.getByTestId('thread-readers').getByText('2 reading').waitFor();
    await expectAccessible(page, 'thread-member');
    const reactions = page.getByRole('group', { name: REACTION_TEXT.bar }).first();
    await reactions.getByRole('button', { name: REACTION_TEXT.chip('Heart', 1, true) }).hover();
    await page.getByRole('tooltip').getByText(alice.username).waitFor();
    await expectAccessible(page, 'who-reacted');
    await reactions.getByRole('button', { name: REACTION_TEXT.add }).click();
    await page.getByRole('dialog', { name: REACTION_TEXT.picker }).waitFor();
    await expectAccessible(page, 'reaction-picker');
    await closeDialog(page);
    // The reply form's editor: writing with the member suggestions open, then the preview.
    const replyForm = page.getByRole('form', { name: THREAD_PAGE_TEXT.leaveReply });
    await replyForm.getByLabel('Your reply').click();
    await replyForm.getByRole('toolbar', { name: 'Formatting' }).waitFor();
    await page.keyboard.type('**Thanks** @bo');
    await replyForm.getByRole('listbox', { name: 'Members' }).waitFor();
    await expectAccessible(page, 'editor-write-suggestions');
    await replyForm.getByRole('tab', { name: 'Preview' }).click();
    await replyForm.getByRole('tabpanel', { name: 'Preview' }).locator('strong').waitFor();
    await expectAccessible(page, 'editor-preview');
    await page.getByRole('button', { name: REPORT_DIALOG_TEXT.title.thread }).click();
    await page.getByRole('dialog', { name: REPORT_DIALOG_TEXT.title.thread }).waitFor();
    await expectAccessible(page, 'report-dialog');
    await closeDialog(page);

    await page.goto(`${url}/thread/${forum.premium.id}`);
    await page.getByRole('button', { name: 'Purchase Access' }).click();
    await page.getByRole('dialog', { name: THREAD_PAGE_TEXT.purchaseTitle }).waitFor();
    await expectAccessible(page, 'purchase-dialog');
    await closeDialog(page);

    await page.goto(`${url}/thread/${forum.unlockable.id}`);
    await page.getByRole('heading', { name: FORUM_PAGE_TEXT.premiumDiscussion }).waitFor();
    await expectAccessible(page, 'thread-unlockable-member');
    await page.getByRole('button', { name: /Unlock/ }).click();
    await page.getByRole('dialog', { name: THREAD_PAGE_TEXT.unlockTitle }).waitFor();
    await expectAccessible(page, 'unlock-dialog');
    await closeDialog(page);

    await page.goto(`${url}/thread/${forum.unlocked.id}`);
    await page.getByText('https://example.test/user.js').waitFor();
    await expectAccessible(page, 'thread-unlocked-member');
    await page.goto(`${url}/thread/${forum.groupBuy.id}`);
    await page.getByRole('button', { name: 'Contribute 20 coins' }).waitFor();
    await expectAccessible(page, 'thread-group-buy-member');
    await page.goto(`${url}/thread/${forum.groupBuyDone.id}`);
    await page.getByText(THREAD_TEXT.groupBuyComplete).waitFor();
    await expectAccessible(page, 'thread-group-buy-complete');
    await page.context().close();
  });

  it('a category with threads and an empty one', async () => {
    const page = await pageAs(alice);
    await page.goto(`${url}/category/${categoryId}`);
    await page.getByRole('link', { name: forum.discussion.title }).waitFor();
    await expectAccessible(page, 'category-member');
    await page.goto(`${url}/category/${emptyCategoryId}`);
    await page.getByText(THREAD_TEXT.noThreadsInCategory).waitFor();
    await expectAccessible(page, 'category-empty');
    await page.context().close();
  });

  it('a member page, where a mention leads', async () => {
    const page = await pageAs(alice);
    await page.goto(`${url}/member/${bob.id}`);
    await page.getByRole('region', { name: bob.username }).getByRole('button', { name: 'Send Message' }).waitFor();
    await expectAccessible(page, 'member-page');
    await page.context().close();
  });

  it('messages: inbox, an open message, sent and the compose dialog', async () => {
    const page = await pageAs(alice);
    await page.goto(`${url}/messages`);
    const inbox = page.getByRole('listbox', { name: 'Inbox' });
    await inbox.getByRole('option', { name: /bob/ }).waitFor();
    await expectAccessible(page, 'messages-inbox');
    await inbox.getByRole('option', { name: /bob/ }).click();
    await page.getByRole('article', { name: 'From bob' }).waitFor();
    // Bob writes to Alice: the line at the top and the one in his message's pane (6 s from his packet: enough).
    (await memberTab(app, url, bob)).emit('message:typing', { toUsername: alice.username });
    await expect.poll(() => page.getByText('bob is typing…').count()).toBe(2);
    await expectAccessible(page, 'messages-detail');
    await page.getByRole('tab', { name: 'Sent' }).click();
    await page.getByRole('listbox', { name: 'Sent messages' }).getByRole('option').first().waitFor();
    await expectAccessible(page, 'messages-sent');
    await page.getByRole('button', { name: 'New Message' }).click();
    await page.getByRole('dialog', { name: 'New Message' }).waitFor();
    await expectAccessible(page, 'messages-compose');
    await page.context().close();
  });

  it('wallet: buy coins, a created payment, the history, and /transactions', async () => {
    const page = await pageAs(alice);
    await page.goto(`${url}/wallet`);
    await page.getByRole('radio', { name: /Bitcoin/ }).waitFor();
    await expectAccessible(page, 'wallet-buy');
    await page.getByRole('button', { name: 'Create Payment' }).click();
    await page.getByText(VALIDATION.packageRequired).waitFor();
    await expectAccessible(page, 'wallet-buy-invalid');
    await createStarterPayment(page);
    await expectAccessible(page, 'wallet-payment');
    await page.getByRole('tab', { name: 'Transaction History' }).click();
    await page.getByRole('list', { name: 'Transactions' }).getByText('+100 coins').first().waitFor();
    await expectAccessible(page, 'wallet-history');
    await page.goto(`${url}/transactions`);
    await page.getByRole('list', { name: 'Transactions' }).getByText('Pending').first().waitFor();
    await expectAccessible(page, 'transactions');
    await page.context().close();
  });

  it('profile: its three tabs and the delete-account dialog', async () => {
    const page = await pageAs(alice);
    await page.goto(`${url}/profile`);
    await page.getByRole('heading', { name: PROFILE_TEXT.dangerZone }).waitFor();
    await expectAccessible(page, 'profile');
    await page.getByRole('button', { name: PROFILE_TEXT.deleteAccount }).click();
    await page.getByRole('alertdialog', { name: PROFILE_TEXT.deleteConfirmTitle }).waitFor();
    await expectAccessible(page, 'profile-delete-dialog');
    await page.keyboard.press('Escape');
    await page.getByRole('alertdialog').waitFor({ state: 'detached' });
    for (const tab of ['Privacy', 'Security']) {
      await page.getByRole('tab', { name: tab }).click();
      await page.getByRole('tabpanel', { name: tab }).getByRole('button').first().waitFor();
      await expectAccessible(page, `profile-${tab.toLowerCase()}`);
    }
    for (const [button, title, state] of [
      [PROFILE_TEXT.manageSessions, SESSIONS_TEXT.title, 'profile-sessions-dialog'],
      [PROFILE_TEXT.viewLog, ACTIVITY_TEXT.title, 'profile-activity-dialog'],
    ] as const) {
      await page.getByRole('button', { name: button }).click();
      await page.getByRole('dialog', { name: title }).waitFor();
      await expectAccessible(page, state);
      await closeDialog(page);
    }
    await page.context().close();
  });

  it('two-factor sign-in: an app’s setup, the Security tab with a passkey and an app, the step-up and recovery codes dialogs, the second step', async () => {
    const { user } = await createMember(app, { username: 'frank' });
    // A session opened by the password alone: for a member with a factor, New codes asks for a step-up first.
    const page = await pageAs(user);
    await page.goto(`${url}/profile?tab=security`);
    await page.getByRole('button', { name: FACTOR_TEXT.setUpApp }).click();
    await page.getByRole('img', { name: FACTOR_TEXT.qrLabel }).locator('svg').waitFor();
    await expectAccessible(page, 'profile-app-setup');
    const secret = await withSecondFactors(app, user);
    await page.goto(`${url}/profile?tab=security`);
    await page.getByRole('list', { name: FACTOR_TEXT.passkeysTitle }).getByText('Work laptop').waitFor();
    await expectAccessible(page, 'profile-two-factor');
    await page.getByRole('button', { name: FACTOR_TEXT.regenerate }).click();
    const stepUp = page.getByRole('dialog', { name: FACTOR_TEXT.stepUpTitle });
    await stepUp.getByLabel(FACTOR_TEXT.appCode).waitFor();
    await expectAccessible(page, 'step-up-dialog');
    await stepUp.getByLabel(FACTOR_TEXT.appCode).fill(appCodeNow(secret, Date.now() + 30_000));
    await stepUp.getByRole('button', { name: FACTOR_TEXT.confirm }).click();
    await page.getByRole('alertdialog', { name: FACTOR_TEXT.codesTitle }).getByRole('listitem').first().waitFor();
    await expectAccessible(page, 'recovery-codes-dialog');
    await page.context().close();

    const visitor = await visitorPage(MOBILE);
    await visitor.goto(`${url}/auth`);
    const login = visitor.getByRole('form', { name: 'Login' });
    await login.getByLabel('Username').fill(user.username);
    await login.getByLabel('Password').fill(DEFAULT_PASSWORD);
    await login.getByRole('button', { name: 'Login' }).click();
    await visitor.getByLabel(FACTOR_TEXT.appCode).waitFor();
    await expectAccessible(visitor, 'auth-second-step-mobile');
    await visitor.getByRole('button', { name: FACTOR_TEXT.useRecovery }).click();
    await visitor.getByLabel(FACTOR_TEXT.recoveryCode).waitFor();
    await expectAccessible(visitor, 'auth-second-step-recovery-mobile');
    await visitor.context().close();
  });

  it('on a phone: a thread, messages, the wallet and the side menu drawer', async () => {
    const page = await pageAs(alice, MOBILE);
    await page.goto(`${url}/thread/${forum.discussion.id}`);
    await page.getByText('Which provider did you pick for the VPS?').waitFor();
    await expectAccessible(page, 'thread-member-mobile');
    await page.goto(`${url}/messages`);
    await page.getByRole('listbox', { name: 'Inbox' }).getByRole('option', { name: /bob/ }).click();
    await page.getByRole('article', { name: 'From bob' }).waitFor();
    await expectAccessible(page, 'messages-detail-mobile');
    await page.goto(`${url}/wallet`);
    await page.getByRole('radio', { name: /Bitcoin/ }).waitFor();
    await expectAccessible(page, 'wallet-mobile');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).waitFor();
    await expectAccessible(page, 'side-menu-member-mobile');
    await page.context().close();
  });

  it('an unverified member: the verification gate and the verification screen', async () => {
    const page = await pageAs(carol);
    await page.goto(`${url}/messages`);
    await page.getByRole('heading', { name: AUTH_TEXT.verificationRequiredTitle }).waitFor();
    await expectAccessible(page, 'verification-gate');
    await page.goto(`${url}/auth`);
    await page.getByRole('heading', { name: AUTH_TEXT.verificationRequiredTitle }).waitFor();
    await expectAccessible(page, 'verification-public');
    await page.context().close();
  });
});

describe('axe on every page for staff', () => {
  it('every console panel, as an admin', async () => {
    const page = await pageAs(admin);
    const panels: [string, (page: Page) => Promise<void>][] = [
      ['users', (page) => page.getByRole('button', { name: `${CONSOLE_TEXT.ban} dave` }).waitFor()],
      [
        'content',
        (page) =>
          page
            .getByRole('cell', { name: new RegExp(forum.discussion.title) })
            .first()
            .waitFor(),
      ],
      ['reports', (page) => page.getByText('Spam link in the reply.').waitFor()],
      [
        'threads',
        (page) => page.getByRole('list', { name: 'Pending threads' }).getByRole('listitem').first().waitFor(),
      ],
      ['moderation', (page) => page.getByRole('list', { name: 'Threads' }).getByRole('listitem').first().waitFor()],
      ['user-moderation', (page) => page.getByRole('textbox', { name: 'User ID' }).waitFor()],
      ['categories', (page) => page.getByRole('listitem', { name: 'Light Lounge' }).waitFor()],
      ['settings', (page) => page.getByRole('list', { name: 'Payments awaiting confirmation' }).waitFor()],
      [
        'database',
        (page) =>
          page
            .getByRole('button', { name: /Backup/ })
            .first()
            .waitFor(),
      ],
    ];
    for (const [tab, ready] of panels) {
      await page.goto(`${url}/admin?tab=${tab}`);
      await ready(page);
      await expectAccessible(page, `admin-${tab}`);
    }
    await page.context().close();
  });

  it('console dialogs: ban, delete thread, category form, user lookup', async () => {
    const page = await pageAs(admin);
    await page.goto(`${url}/admin?tab=users`);
    await page.getByRole('button', { name: `${CONSOLE_TEXT.ban} dave` }).click();
    await page.getByRole('alertdialog').waitFor();
    await expectAccessible(page, 'admin-ban-dialog');
    await page.keyboard.press('Escape');

    await page.goto(`${url}/admin?tab=moderation`);
    await page.getByRole('button', { name: `Delete ${forum.discussion.title}` }).click();
    await page.getByRole('alertdialog', { name: THREAD_PAGE_TEXT.deleteTitle }).waitFor();
    await expectAccessible(page, 'admin-delete-thread-dialog');
    await page.keyboard.press('Escape');

    await page.goto(`${url}/admin?tab=categories`);
    await page.getByRole('button', { name: 'Edit Light Lounge' }).click();
    await page.getByRole('dialog', { name: 'Edit Category' }).waitFor();
    await expectAccessible(page, 'admin-category-dialog');
    await closeDialog(page);

    await page.goto(`${url}/admin?tab=user-moderation`);
    await page.getByRole('textbox', { name: 'User ID' }).fill(String(dave.id));
    await page.getByRole('button', { name: 'Look Up' }).click();
    await page.getByRole('dialog').waitFor();
    await expectAccessible(page, 'admin-user-lookup-dialog');
    await page.context().close();
  });

  it('edit thread, and a thread with the admin actions', async () => {
    const page = await pageAs(admin);
    await page.goto(`${url}/edit-thread/${forum.discussion.id}`);
    await page.getByRole('textbox', { name: 'Title' }).waitFor();
    await expectAccessible(page, 'edit-thread');
    await page.goto(`${url}/thread/${forum.discussion.id}`);
    await page.getByRole('button', { name: 'Delete Thread' }).click();
    await page.getByRole('alertdialog', { name: THREAD_PAGE_TEXT.deleteTitle }).waitFor();
    await expectAccessible(page, 'thread-delete-dialog');
    await page.context().close();
  });

  it('as a moderator, on a phone: the approval queue and the database panel they may not use', async () => {
    const page = await pageAs(moderator, MOBILE);
    await page.goto(`${url}/admin?tab=threads`);
    await page.getByRole('list', { name: 'Pending threads' }).getByRole('listitem').first().waitFor();
    await expectAccessible(page, 'admin-threads-moderator-mobile');
    await page.goto(`${url}/admin?tab=database`);
    await page.getByText(PAGE_TEXT.accessDenied).waitFor();
    await expectAccessible(page, 'admin-database-moderator');
    await page.goto(`${url}/thread/${forum.unlockable.id}`);
    await page.getByText('The spreadsheet with every score.').waitFor();
    await expectAccessible(page, 'thread-unlockable-moderator-mobile');
    await page.context().close();
  });
});
