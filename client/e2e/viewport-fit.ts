import type { Page } from 'playwright-core';

export interface Overflow {
  /** `document.documentElement.scrollWidth`: wider than the viewport means the page scrolls sideways. */
  scrollWidth: number;
  innerWidth: number;
  /** The innermost visible elements whose right edge shows past the viewport (at most 8). */
  offenders: string[];
}

/**
 * The page shown, not its spinner: its title (every page has an h1) is there, its network is quiet, and nothing
 * says it is still loading (no spinner, no busy region).
 */
export async function settledPage(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(
    () =>
      document.querySelector('main h1') &&
      !document.querySelector('[aria-busy="true"]') &&
      ![...document.querySelectorAll('[role="status"]')].some((node) => node.textContent?.startsWith('Loading')),
  );
}

/**
 * What sticks out past the viewport's right edge. An element inside a scrolling or clipping ancestor counts only
 * as far as that ancestor lets it show: a tab bar that scrolls sideways within the page is not an overflow.
 */
export async function overflowOf(page: Page): Promise<Overflow> {
  // Two frames, so a resize's media queries and the layout they cause have applied.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return page.evaluate(() => {
    const limit = window.innerWidth + 0.5;
    /** How far right `box` shows, once every scrolling or clipping ancestor from `parent` up has cut it. */
    const shownRight = (box: DOMRect, parent: Element | null) => {
      let right = box.right;
      for (let node = parent; node && right > limit; node = node.parentElement) {
        if (getComputedStyle(node).overflowX !== 'visible') right = Math.min(right, node.getBoundingClientRect().right);
      }
      return right;
    };
    const found: Element[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || box.right <= limit) continue;
      if (getComputedStyle(element).visibility === 'hidden') continue;
      if (shownRight(box, element.parentElement) > limit) found.push(element);
    }
    // Text can run out of a box that itself fits (a long name in a fixed-width cell): its parent is named.
    const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let text = texts.nextNode(); text; text = texts.nextNode()) {
      const parent = text.parentElement;
      if (!parent || !text.textContent?.trim() || getComputedStyle(parent).visibility === 'hidden') continue;
      const range = document.createRange();
      range.selectNodeContents(text);
      const box = range.getBoundingClientRect();
      if (box.width > 0 && box.right > limit && shownRight(box, parent) > limit && !found.includes(parent)) {
        found.push(parent);
      }
    }
    // The innermost ones name the culprit: a row is only too wide because of what it holds.
    const innermost = found.filter((element) => !found.some((other) => other !== element && element.contains(other)));
    const describe = (element: Element) => {
      const name = `${element.tagName.toLowerCase()}.${element.getAttribute('class')?.split(' ')[0] ?? ''}`;
      const text = (element.textContent ?? '').trim().slice(0, 40);
      return `${name} "${text}" right=${Math.round(element.getBoundingClientRect().right)}`;
    };
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      offenders: innermost.slice(0, 8).map(describe),
    };
  });
}
