import { FORUM_PAGE_TEXT, PAGE_TEXT, THREAD_PAGE_TEXT } from '@enclave/protocol';
import type { App } from '@enclave/server';
import { createMember } from '@enclave/server/test/factories.ts';
import { aCategory } from '@enclave/server/test/forum.ts';
import { threadModels } from '@enclave/server/threads/models.ts';
import type { Browser } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { MOBILE, productInBrowser, screenshot, signedInContext } from './harness.ts';

let browser: Browser;
let app: App;
let url: string;

beforeAll(async () => {
  ({ app, url, browser } = await productInBrowser());
  // The dialog's default category (id 1).
  await aCategory(app, { name: 'Meetups' });
});

describe('a private thread in Chromium', () => {
  it('names a member through the picker; that member is told and can open it, another cannot', async () => {
    // A moderator's thread is approved at once, so the chosen member can read it straight away.
    const { user: author } = await createMember(app, { isModerator: true });
    const { user: chosen } = await createMember(app, { username: 'chosen_reader' });
    const { user: other } = await createMember(app);
    const chosenPage = await (await signedInContext(browser, app, url, chosen, MOBILE)).newPage();
    await chosenPage.goto(url);
    await chosenPage.getByRole('heading', { level: 1 }).first().waitFor();

    const page = await (await signedInContext(browser, app, url, author)).newPage();
    await page.goto(url);
    await page.getByRole('button', { name: 'Start a New Thread' }).click();
    const dialog = page.getByRole('dialog', { name: FORUM_PAGE_TEXT.createThreadTitle });
    await dialog.getByRole('textbox', { name: 'Title' }).fill('Planning the next meetup');
    await dialog.getByRole('textbox', { name: 'Content' }).fill('Where and when, for the few of us.');
    await dialog.getByText('Private Thread', { exact: true }).click();
    await dialog.getByText(FORUM_PAGE_TEXT.privateHelp).waitFor();
    const picker = dialog.getByRole('combobox', { name: FORUM_PAGE_TEXT.privateMembers });
    await picker.fill('nobody_by_that_name');
    // While the suggestions are open, the combo box hides the rest of the dialog from assistive technology (as
    // react-aria does); Enter looks the name up, as Add does.
    await picker.press('Enter');
    await dialog.getByText(FORUM_PAGE_TEXT.memberNotFound('nobody_by_that_name')).waitFor();
    // The first letters are enough (issue 23, item 13): members whose names start so are offered as one types.
    await picker.fill('cho');
    const suggestion = page.getByRole('listbox').getByRole('option', { name: 'chosen_reader' });
    await suggestion.waitFor();
    expect(await dialog.getByText(FORUM_PAGE_TEXT.memberNotFound('cho')).count()).toBe(0);
    await screenshot(page, 'private-thread-member-suggestions');
    await suggestion.click();
    await dialog.getByRole('button', { name: FORUM_PAGE_TEXT.removeMember('chosen_reader') }).waitFor();
    expect(await picker.inputValue()).toBe('');
    await screenshot(page, 'private-thread-member-picker');
    await dialog.getByRole('button', { name: 'Create Thread' }).click();
    await page.waitForURL(/\/thread\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    expect(await threadModels(app).Thread.findOne({ id }).lean()).toMatchObject({
      isPrivate: true,
      allowedUserIds: [chosen.id],
    });

    // The chosen member's open tab is told, and opens it from the toast.
    await chosenPage.getByText(FORUM_PAGE_TEXT.sharedWithYouTitle).waitFor();
    await screenshot(chosenPage, 'private-thread-shared-toast-mobile');
    await chosenPage.getByRole('button', { name: FORUM_PAGE_TEXT.openSharedThread }).click();
    await chosenPage.waitForURL(`${url}/thread/${id}`);
    await chosenPage.getByRole('heading', { level: 1, name: 'Planning the next meetup' }).waitFor();

    // Another member is told it does not exist or is not shared with them, in words that do not say which.
    const otherPage = await (await signedInContext(browser, app, url, other)).newPage();
    await otherPage.goto(`${url}/thread/${id}`);
    await otherPage.getByRole('heading', { name: PAGE_TEXT.notFoundTitle }).waitFor();
    await otherPage.getByText(THREAD_PAGE_TEXT.notAvailable).waitFor();
    expect(await otherPage.getByText('Planning the next meetup').count()).toBe(0);
    await screenshot(otherPage, 'private-thread-refused');
    const refused = (await otherPage.getByRole('main').textContent())?.replace(`/thread/${id}`, '');
    await otherPage.goto(`${url}/thread/424242`);
    await otherPage.getByText(THREAD_PAGE_TEXT.notAvailable).waitFor();
    expect((await otherPage.getByRole('main').textContent())?.replace('/thread/424242', '')).toBe(refused);
  });
});
