import type { Page } from 'playwright-core';

export interface Overflow {
  /** `document.documentElement.scrollWidth`: wider than the viewport means the page scrolls sideways. */
  scrollWidth: number;
  innerWidth: number;
  /** The innermost visible elements whose right edge shows past the viewport (at most 8). */
  offenders: string[];
}

/** The page after its network is quiet and nothing says it is still loading. */
export async function settledPage(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
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
    const found: Element[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || box.right <= limit) continue;
      if (getComputedStyle(element).visibility === 'hidden') continue;
      let shownRight = box.right;
      for (let parent = element.parentElement; parent && shownRight > limit; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') {
          shownRight = Math.min(shownRight, parent.getBoundingClientRect().right);
        }
      }
      if (shownRight > limit) found.push(element);
    }
    // The innermost ones name the culprit: a row is only too wide because of what it holds.
    const innermost = found.filter((element) => !found.some((other) => other !== element && element.contains(other)));
    const describe = (element: Element) => {
      const name = `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).split(' ')[0]}` : ''}`;
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
