import { FACTOR_TEXT, REACTION_KINDS, REACTION_TEXT } from '@enclave/protocol';
import type { App } from '@enclave/server';
import { appCodeNow } from '@enclave/server/factors/authenticator-app.ts';
import { sendMessage } from '@enclave/server/private-messages/service.ts';
import { setReaction } from '@enclave/server/reactions/service.ts';
import { reply } from '@enclave/server/replies/service.ts';
import { createMember, DEFAULT_PASSWORD } from '@enclave/server/test/factories.ts';
import { aCategory, aThread, grantCoins } from '@enclave/server/test/forum.ts';
import type { UserRecord } from '@enclave/server/users/user-model.ts';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TABS } from '../src/routes/admin-tabs.ts';
import {
  FORMATTED_CONTENT,
  memberTab,
  productInBrowser,
  screenshot,
  signedInContext,
  socketReady,
  withSecondFactors,
} from './harness.ts';
import { overflowOf, settledPage } from './viewport-fit.ts';

/**
 * Issue 13: nothing is wider than the viewport, on any page, for any role, at a small phone, a phone and a
 * tablet, with a balance of 0, 9,999 or 1,234,567 coins and a username of the longest allowed length (32).
 * One context per role and balance; each page loads once and is measured at every width by resizing.
 */
const WIDTHS = [320, 390, 768];
const HEIGHT = 844;
const BALANCES = [0, 9_999, 1_234_567];
const ROLES = ['member', 'moderator', 'admin'] as const;
type Role = (typeof ROLES)[number];

let app: App;
let url: string;
let browser: Browser;
let pages: { forum: string[]; member: string[]; staff: string[]; readersOf: number };
/** Writes the threads and the message every reader finds in their inbox, under a 32-character name. */
let author: UserRecord;

/** A 32-character username, the most the rules allow, that says whose it is. */
const longName = (label: string) => `${label}_`.padEnd(32, 'x');

beforeAll(async () => {
  ({ app, url, browser } = await productInBrowser());
  ({ user: author } = await createMember(app, { username: longName('author') }));
  const category = await aCategory(app, { name: 'Privacy Tools and Hardware Wallets', description: 'Long names too.' });
  const thread = await aThread(app, author, {
    title: 'Self-hosting a VPN on a budget with WireGuard and a small VPS',
    content: FORMATTED_CONTENT,
    categoryId: category.id,
    tags: ['vpn', 'wireguard', 'self-hosting'],
  });
  await aThread(app, author, { title: 'Threat models', categoryId: category.id, isPremium: true, premiumCost: 40 });
  const answer = await reply(app, author, thread.id, 'Which provider did you pick for the VPS?');
  // Every kind on the thread and on the reply: the bars at their widest.
  for (const kind of REACTION_KINDS) {
    await setReaction(app, author, { target: 'thread', id: thread.id, kind }, true);
    await setReaction(app, author, { target: 'post', id: answer.id, kind }, true);
  }
  pages = {
    forum: [
      '/',
      '/forums',
      `/category/${category.id}`,
      `/thread/${thread.id}`,
      `/member/${author.id}`,
      '/auth',
      '/privacy',
      '/no-such-page',
    ],
    readersOf: thread.id,
    member: ['/messages', '/wallet', '/transactions', '/profile', '/admin'],
    staff: [...ADMIN_TABS.map((tab) => `/admin?tab=${tab}`), `/edit-thread/${thread.id}`],
  };
});

/** A member with a message from the author in their inbox, named by `label` (unique in this file). */
async function someoneWith(role: Role, balance: number, label = `${role}_${balance}`): Promise<UserRecord> {
  const { user } = await createMember(app, {
    username: longName(label),
    isAdmin: role === 'admin',
    isModerator: role === 'moderator',
  });
  if (balance > 0) await grantCoins(app, user.id, balance);
  await sendMessage(app, author, { recipientId: user.id, content: 'Your group buy place is confirmed. Thank you!' });
  return user;
}

/** The page as it is now, measured at every width; the answer lists what overflowed where. */
async function overflowsHere(page: Page, what: string): Promise<string[]> {
  const failures: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: HEIGHT });
    const { scrollWidth, innerWidth, offenders } = await overflowOf(page);
    if (scrollWidth > innerWidth || offenders.length > 0) {
      failures.push(`${what} at ${width}px: page ${scrollWidth}px wide; ${offenders.join('; ')}`);
    }
  }
  return failures;
}

/** Every page in `paths`, each measured at every width; the answer lists what overflowed where. */
async function overflowsOn(page: Page, paths: string[]): Promise<string[]> {
  const failures: string[] = [];
  for (const path of paths) {
    await page.setViewportSize({ width: WIDTHS[1] as number, height: HEIGHT });
    await page.goto(`${url}${path}`);
    await settledPage(page);
    failures.push(...(await overflowsHere(page, path)));
  }
  return failures;
}

describe('every page fits the viewport at 320, 390 and 768 px', () => {
  it('for a visitor', async () => {
    const page = await (await browser.newContext({ viewport: { width: 390, height: HEIGHT } })).newPage();
    expect(await overflowsOn(page, pages.forum)).toEqual([]);
    await page.context().close();
  });

  for (const role of ROLES) {
    for (const balance of BALANCES) {
      it(`for ${role === 'admin' ? 'an' : 'a'} ${role} with ${balance.toLocaleString('en-US')} coins and a 32-character name`, async () => {
        const user = await someoneWith(role, balance);
        const context = await signedInContext(browser, app, url, user, { width: 390, height: HEIGHT });
        const page = await context.newPage();
        const paths = [...pages.forum, ...pages.member, ...(role === 'member' ? [] : pages.staff)];
        expect(await overflowsOn(page, paths)).toEqual([]);
        await context.close();
      });
    }
  }

  it('who is here: a full readers strip and "typing…" from a 32-character name', async () => {
    const user = await someoneWith('member', 0, 'present');
    // Seven others read the thread: five faces, "+3" and "8 reading" beside the tags.
    for (let index = 0; index < 7; index += 1) {
      const { user: reader } = await createMember(app, { username: longName(`reader${index}`) });
      const tab = await memberTab(app, url, reader);
      expect(await tab.timeout(2000).emitWithAck('thread:watch', pages.readersOf)).toEqual({ ok: true });
    }
    const context = await signedInContext(browser, app, url, user, { width: 390, height: HEIGHT });
    const page = await context.newPage();
    await page.goto(`${url}/thread/${pages.readersOf}`);
    await page.getByTestId('thread-readers').getByText('8 reading').waitFor();
    const failures = await overflowsHere(page, 'the readers strip');
    await screenshot(page, 'presence-readers-full-320');
    const ready = socketReady(page);
    await page.goto(`${url}/messages`);
    await ready;
    await page.getByRole('option', { name: new RegExp(author.username) }).click();
    (await memberTab(app, url, author)).emit('message:typing', { toUsername: user.username });
    await page.getByText(`${author.username} is typing…`).first().waitFor();
    failures.push(...(await overflowsHere(page, 'the typing lines')));
    await screenshot(page, 'presence-typing-long-name-768');
    expect(failures).toEqual([]);
    await context.close();
  });

  it('the Markdown editor: writing, the member suggestions, the preview and the compose dialog', async () => {
    const { user } = await createMember(app, { username: longName('writing') });
    const context = await signedInContext(browser, app, url, user, { width: 390, height: HEIGHT });
    const page = await context.newPage();
    await page.goto(`${url}/thread/${pages.readersOf}`);
    const form = page.getByRole('form', { name: 'Leave a Reply' });
    await form.getByLabel('Your reply').click();
    await form.getByRole('toolbar', { name: 'Formatting' }).waitFor();
    await page.keyboard.type(`A ${'verylongword'.repeat(8)} for @${author.username.slice(0, 4)}`);
    await form.getByRole('listbox', { name: 'Members' }).waitFor();
    const failures = await overflowsHere(page, 'the editor with its member suggestions');
    await page.keyboard.press('Escape');
    await form.getByRole('tab', { name: 'Preview' }).click();
    await form.getByRole('tabpanel', { name: 'Preview' }).getByText('verylongword', { exact: false }).waitFor();
    failures.push(...(await overflowsHere(page, 'the editor’s preview')));
    await page.goto(`${url}/messages`);
    await page.getByRole('button', { name: 'New Message' }).first().click();
    await page.getByRole('dialog', { name: 'New Message' }).getByRole('toolbar', { name: 'Formatting' }).waitFor();
    failures.push(...(await overflowsHere(page, 'the compose dialog’s editor')));
    expect(failures).toEqual([]);
    await context.close();
  });

  it('reactions: the picker open and who reacted, named by a 32-character name', async () => {
    const { user } = await createMember(app, { username: longName('reacting') });
    const context = await signedInContext(browser, app, url, user, { width: 390, height: HEIGHT });
    const page = await context.newPage();
    await page.goto(`${url}/thread/${pages.readersOf}`);
    const bar = page.getByRole('article', { name: 'Reply #1' }).getByRole('group', { name: REACTION_TEXT.bar });
    await bar.getByRole('button', { name: REACTION_TEXT.chip('Thinking', 1, false) }).hover();
    await page.getByRole('tooltip').getByText(author.username).waitFor();
    const failures = await overflowsHere(page, 'who reacted');
    await page.mouse.move(0, 0);
    await page.getByRole('tooltip').waitFor({ state: 'detached' });
    await bar.getByRole('button', { name: REACTION_TEXT.add }).click();
    await page.getByRole('dialog', { name: REACTION_TEXT.picker }).waitFor();
    failures.push(...(await overflowsHere(page, 'the reaction picker')));
    expect(failures).toEqual([]);
    await context.close();
  });

  it('for a member with a passkey and an authenticator app: the Security tab, its step-up and recovery codes dialogs, the second step on /auth', async () => {
    const { user } = await createMember(app, { username: longName('factors') });
    const secret = await withSecondFactors(app, user);
    // A session opened by the password alone: for a member with a factor, New codes asks for a step-up first.
    const context = await signedInContext(browser, app, url, user, { width: 390, height: HEIGHT });
    const page = await context.newPage();
    const failures = await overflowsOn(page, ['/profile?tab=security']);
    await page.getByRole('list', { name: FACTOR_TEXT.passkeysTitle }).getByText('Work laptop').waitFor();
    await page.getByRole('button', { name: FACTOR_TEXT.regenerate }).click();
    const stepUp = page.getByRole('dialog', { name: FACTOR_TEXT.stepUpTitle });
    await stepUp.getByLabel(FACTOR_TEXT.appCode).waitFor();
    failures.push(...(await overflowsHere(page, 'the step-up dialog')));
    await stepUp.getByLabel(FACTOR_TEXT.appCode).fill(appCodeNow(secret, Date.now() + 30_000));
    await stepUp.getByRole('button', { name: FACTOR_TEXT.confirm }).click();
    await page.getByRole('alertdialog', { name: FACTOR_TEXT.codesTitle }).getByRole('listitem').first().waitFor();
    failures.push(...(await overflowsHere(page, 'the recovery codes dialog')));
    await context.close();

    const visitor = await (await browser.newContext({ viewport: { width: 390, height: HEIGHT } })).newPage();
    await visitor.goto(`${url}/auth`);
    const login = visitor.getByRole('form', { name: 'Login' });
    await login.getByLabel('Username').fill(user.username);
    await login.getByLabel('Password').fill(DEFAULT_PASSWORD);
    await login.getByRole('button', { name: 'Login' }).click();
    await visitor.getByLabel(FACTOR_TEXT.appCode).waitFor();
    failures.push(...(await overflowsHere(visitor, 'the second step on /auth')));
    expect(failures).toEqual([]);
    await visitor.context().close();
  });
});
