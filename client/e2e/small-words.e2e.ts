import { PROFILE_TEXT, THREAD_PREVIEW_LENGTH } from '@enclave/protocol';
import type { App } from '@enclave/server';
import { createMember } from '@enclave/server/test/factories.ts';
import { aThread } from '@enclave/server/test/forum.ts';
import type { Browser } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, drawPicture, MOBILE, productInBrowser, screenshot, signedInContext } from './harness.ts';

let app: App;
let url: string;
let browser: Browser;

beforeAll(async () => {
  ({ app, url, browser } = await productInBrowser());
});

describe('small words in Chromium (item 15)', () => {
  it('shows the crop dialog’s rotation in degrees as °', async () => {
    const { user } = await createMember(app);
    const page = await (await signedInContext(browser, app, url, user, MOBILE)).newPage();
    await page.goto(`${url}/profile`);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Change profile picture' }).click();
    await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: await drawPicture(page) });
    const crop = page.getByRole('dialog', { name: PROFILE_TEXT.cropTitle });
    await crop.locator('.cropper-crop-box').waitFor();
    const rotation = crop.getByRole('group', { name: 'Rotation' });
    await rotation.getByRole('slider').focus();
    await page.keyboard.press('End');
    const output = rotation.locator('output');
    expect(await output.textContent()).toBe('360°');
    await screenshot(page, 'small-words-crop-rotation-mobile');
  });

  it('cuts a thread card’s preview on a word boundary before the ellipsis', async () => {
    const { user } = await createMember(app);
    // Word lengths that put the 160th character in the middle of "unbreakable".
    const words = `${'lorem ipsum '.repeat(12)}dolor sit unbreakable ending words after the cut`;
    expect(words.slice(THREAD_PREVIEW_LENGTH - 3, THREAD_PREVIEW_LENGTH + 3)).toMatch(/^\w{6}$/);
    const thread = await aThread(app, user, { title: 'Word boundary preview', content: words });
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${url}/`);
    const card = page.getByRole('article').filter({ hasText: thread.title });
    await card.waitFor();
    const preview = (await card.getByText(/\.\.\.$/).textContent()) ?? '';
    const kept = preview.slice(0, -3);
    expect(kept.length).toBeLessThanOrEqual(THREAD_PREVIEW_LENGTH);
    expect(words.startsWith(kept)).toBe(true);
    // Whole words only: what follows the kept text in the content is a space.
    expect(words[kept.length]).toBe(' ');
    expect(kept.endsWith(' ')).toBe(false);
    await screenshot(page, 'small-words-thread-card');
  });
});
