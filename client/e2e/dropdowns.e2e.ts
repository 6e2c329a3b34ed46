import { FORUM_PAGE_TEXT } from '@enclave/protocol';
import type { App } from '@enclave/server';
import { createMember } from '@enclave/server/test/factories.ts';
import { aCategory } from '@enclave/server/test/forum.ts';
import type { Browser, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { MOBILE, productInBrowser, screenshot, signedInContext } from './harness.ts';

let browser: Browser;
let app: App;
let url: string;

/** More categories than fit in a list of sensible height, so the list must scroll. */
const CATEGORY_NAMES = Array.from({ length: 18 }, (_, index) => `Dropdown topic ${String(index + 1).padStart(2, '0')}`);

beforeAll(async () => {
  ({ app, url, browser } = await productInBrowser());
  for (const name of CATEGORY_NAMES) await aCategory(app, { name });
});

/** A select's own trigger: until react-aria's Select has loaded, the field shows a look-alike. */
const LOADED_SELECT = 'button[aria-haspopup="listbox"]';

/** The field's control, once the pointer has come to the field, which loads it (components/on-intent.ts). */
async function loadedSelect(page: Page, field: Locator): Promise<Locator> {
  await field.hover();
  const trigger = field.and(page.locator(LOADED_SELECT));
  await trigger.waitFor();
  return trigger;
}

/** A plain mouse click on the middle of the trigger: the pointer is where the list could open. */
async function clickWithMouse(page: Page, target: Locator) {
  const box = await target.boundingBox();
  if (!box) throw new Error('the trigger is not on screen');
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/** Opens a select with the mouse and checks what a person sees: the list beside the button, bounded, opaque. */
async function expectListBesideTrigger(page: Page, trigger: Locator, chosenBefore: string) {
  await trigger.scrollIntoViewIfNeeded();
  // The field shows before its control loads (aria-disabled meanwhile): a person clicks once it responds.
  await expect.poll(() => trigger.getAttribute('aria-disabled'), { timeout: 10_000 }).toBeNull();
  await clickWithMouse(page, trigger);
  // The mouse-up of the opening click chose nothing: the value is unchanged and the list still open.
  await page.waitForTimeout(300);
  expect(await trigger.textContent()).toContain(chosenBefore);
  const listBox = page.getByRole('listbox');
  expect(await listBox.isVisible()).toBe(true);

  const popover = listBox.locator('xpath=ancestor::*[@data-trigger="Select"][1]');
  const look = await popover.evaluate((element) => {
    const style = getComputedStyle(element);
    const box = element.getBoundingClientRect();
    const scroller = [element, ...element.querySelectorAll('*')].find(
      (node) => node.scrollHeight > node.clientHeight + 1 && /(auto|scroll)/.test(getComputedStyle(node).overflowY),
    );
    return {
      top: box.top,
      bottom: box.bottom,
      height: box.height,
      background: style.backgroundColor,
      scrolls: Boolean(scroller),
      viewport: window.innerHeight,
    };
  });
  const button = await trigger.boundingBox();
  if (!button) throw new Error('the trigger left the screen');
  // Beside the trigger, never over it: the list starts below it (or ends above it when there is no room below).
  expect(look.top >= button.y + button.height - 1 || look.bottom <= button.y + 1).toBe(true);
  expect(look.height).toBeLessThanOrEqual(look.viewport / 2);
  expect(look.bottom).toBeLessThanOrEqual(look.viewport);
  expect(look.scrolls).toBe(true);
  expect(look.background).not.toMatch(/rgba\(.*, 0\)|transparent/);
  return listBox;
}

/** Then a real click on an option chooses it and closes the list. */
async function chooseWithMouse(page: Page, listBox: Locator, trigger: Locator, name: string) {
  const option = listBox.getByRole('option', { name });
  await option.scrollIntoViewIfNeeded();
  await clickWithMouse(page, option);
  await listBox.waitFor({ state: 'detached' });
  expect(await trigger.textContent()).toContain(name);
}

describe('dropdowns in Chromium, with a real mouse', () => {
  it("the home page's category filter opens beside its button and chooses only on a click", async () => {
    const { user } = await createMember(app);
    const page = await (await signedInContext(browser, app, url, user)).newPage();
    await page.goto(url);
    const trigger = await loadedSelect(page, page.getByRole('button', { name: /Category/ }).first());
    const listBox = await expectListBesideTrigger(page, trigger, FORUM_PAGE_TEXT.allCategories);
    await screenshot(page, 'dropdown-home-category-open');
    await chooseWithMouse(page, listBox, trigger, 'Dropdown topic 02');
  });

  it("the create dialog's category does the same, on a phone too", async () => {
    const { user } = await createMember(app);
    for (const viewport of [undefined, MOBILE]) {
      const page = await (await signedInContext(browser, app, url, user, viewport)).newPage();
      await page.goto(url);
      await page.getByRole('button', { name: 'Start a New Thread' }).click();
      const dialog = page.getByRole('dialog');
      const trigger = await loadedSelect(page, dialog.getByRole('button', { name: /Category/ }));
      const before = (await trigger.textContent()) ?? '';
      const listBox = await expectListBesideTrigger(page, trigger, before.trim());
      await screenshot(page, `dropdown-create-category-open-${viewport ? 'phone' : 'desktop'}`);
      await chooseWithMouse(page, listBox, trigger, 'Dropdown topic 05');
      await page.close();
    }
  });
});
