import { readFileSync } from 'node:fs';
import { api, LIMITS } from '@enclave/protocol';
import type { App } from '@enclave/server';
import { createMember } from '@enclave/server/test/factories.ts';
import { aCategory } from '@enclave/server/test/forum.ts';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, productInBrowser, screenshot, signedInContext } from './harness.ts';

let browser: Browser;
let app: App;
let url: string;

let categoryId: number;

beforeAll(async () => {
  ({ app, url, browser } = await productInBrowser());
  categoryId = (await aCategory(app)).id;
});

/** The server test's fixture: the OWASP filter-evasion vectors, one a line. */
const vectors = readFileSync(new URL('../../server/src/formatting/fixtures/xss-vectors.txt', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line.trim() && !line.startsWith('#'))
  .map((line) => line.replaceAll('\\n', '\n').replaceAll('\\t', '\t').replaceAll('\\0', ''));

/** Each vector as a paragraph, and as a link's address, a link's text, an image and an autolink. */
const placings = (vector: string) => [
  vector,
  `[a link](${vector}) and [${vector}](/thread/1)`,
  `![an image](${vector}) ![${vector}](/favicon.svg)`,
  `<${vector}>`,
];

/** Texts of at most `max` characters, each a run of whole paragraphs. */
function textsOf(paragraphs: string[], max: number): string[] {
  const texts: string[] = [];
  let current = '';
  for (const paragraph of paragraphs) {
    if (current && current.length + paragraph.length + 2 > max) {
      texts.push(current);
      current = '';
    }
    current = current ? `${current}\n\n${paragraph}` : paragraph;
  }
  if (current) texts.push(current);
  return texts;
}

/** Everything a vector could do that a page would notice, gathered from before the first script runs. */
async function watched(page: Page) {
  const dialogs: string[] = [];
  const console: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('console', (message) => {
    if (/content security policy|refused to/i.test(message.text())) console.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { __cspViolations: seen });
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return {
    dialogs,
    console,
    violations: () => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations),
    marker: () => page.evaluate(() => (window as unknown as { __xssMarker?: unknown }).__xssMarker ?? null),
  };
}

describe('a thread holding every XSS vector, in Chromium', () => {
  it('shows them all as text: no dialog, no CSP violation, no script of theirs runs', async () => {
    const { user: author, client: authorClient } = await createMember(app, { isAdmin: true });
    const created = await authorClient.call(api.createThread, {
      body: {
        title: 'Every filter-evasion vector',
        content: textsOf(vectors, LIMITS.threadContentMax)[0] as string,
        categoryId,
      },
    });
    expect(created.statusCode).toBe(201);
    const threadId = (created.json() as { id: number }).id;
    // Replies of whole placings, each by a member of its own (one may reply once every 10 seconds).
    const replies = textsOf(vectors.flatMap(placings), LIMITS.replyMax);
    for (const content of replies) {
      const { client } = await createMember(app);
      const posted = await client.call(api.reply, { params: { id: threadId }, body: { content } });
      expect(posted.statusCode).toBe(201);
    }

    const page = await (await signedInContext(browser, app, url, author)).newPage();
    const seen = await watched(page);
    await page.goto(`${url}/thread/${threadId}`);
    await page.getByRole('heading', { name: 'Every filter-evasion vector' }).waitFor();
    // Every reply is on the page (they are revealed a few at a time once the first screen is up).
    await expect
      .poll(() => page.getByRole('article', { name: /^Reply #/ }).count(), { timeout: 20_000 })
      .toBe(replies.length);
    // Point at and focus everything the vectors made, in case one hid an event handler.
    for (const link of await page.locator('article a').all()) await link.hover({ trial: false }).catch(() => undefined);
    const handlers = await page.evaluate(() =>
      [...document.querySelectorAll('article *')].flatMap((element) =>
        [...element.attributes]
          .filter(
            (attribute) =>
              /^on|^style$|^srcdoc$/i.test(attribute.name) ||
              (/^(href|src|action|formaction|xlink:href)$/i.test(attribute.name) &&
                /^\s*(javascript|vbscript|data):/i.test(attribute.value)),
          )
          .map((attribute) => `${element.tagName} ${attribute.name}=${attribute.value}`),
      ),
    );
    const scripts = await page.evaluate(
      () => document.querySelectorAll('article script, article iframe, article object, article embed').length,
    );

    expect(handlers).toEqual([]);
    expect(scripts).toBe(0);
    expect(seen.dialogs).toEqual([]);
    expect(await seen.violations()).toEqual([]);
    expect(seen.console).toEqual([]);
    expect(await seen.marker()).toBeNull();
    // The vectors are there, as text.
    await page.getByText('<script>window.__xssMarker=1</script>').first().waitFor();
  });
});

describe('a formatted thread, as members write them', () => {
  it('reads as formatted prose on a phone and a desktop (screenshots)', async () => {
    const { user: author } = await createMember(app, { username: 'formatting_author' });
    const { user: named } = await createMember(app, { username: 'mira_named' });
    const { client } = await createMember(app, { isAdmin: true });
    const content = [
      '## Balcony garden plan',
      'What I grow, and **when**. Thanks to @mira_named for the _seeds_; ~~tulips~~ are out.',
      '| Plant | Sow | Harvest | Sun |\n|:--|:-:|:-:|--:|\n| Cherry tomato | March | July to October | 6 h |\n| Basil | April | June to September | 4 h |\n| Chilli pepper | February | August | 8 h |',
      '- [x] Buy compost\n- [x] Sow the tomatoes\n- [ ] Put up the trellis',
      '> Water in the morning, never at noon.',
      '```\nwater(plants, { litres: 2, when: "07:00" });\n```',
      'More at www.example.org, or see [the first reply](/thread/1#reply-1).',
    ].join('\n\n');
    const created = await client.call(api.createThread, {
      body: { title: 'Balcony garden, formatted', content, categoryId },
    });
    expect(created.statusCode).toBe(201);
    const threadId = (created.json() as { id: number }).id;
    for (const [viewport, name] of [
      [MOBILE, 'formatting-thread-phone'],
      [DESKTOP, 'formatting-thread-desktop'],
    ] as const) {
      const page = await (await signedInContext(browser, app, url, author, viewport)).newPage();
      const seen = await watched(page);
      await page.goto(`${url}/thread/${threadId}`);
      const article = page
        .getByRole('article')
        .filter({ has: page.getByRole('heading', { name: 'Balcony garden plan' }) });
      await article.getByRole('table').waitFor();
      expect(await article.getByRole('checkbox').count()).toBe(3);
      expect(await article.getByRole('checkbox', { checked: true }).count()).toBe(2);
      expect(await article.getByRole('link', { name: '@mira_named' }).getAttribute('href')).toBe(`/member/${named.id}`);
      // The page never scrolls sideways: a wide table scrolls in its own box.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await article.getByRole('heading', { name: 'Balcony garden plan' }).scrollIntoViewIfNeeded();
      await screenshot(page, name);
      expect(seen.dialogs).toEqual([]);
      expect(await seen.violations()).toEqual([]);
      // A mention opens the member's page through the router: the page is not loaded again.
      await page.evaluate(() => Object.assign(window, { __samePage: true }));
      await article.getByRole('link', { name: '@mira_named' }).click();
      await page.waitForURL(`${url}/member/${named.id}`);
      expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
      await page.context().close();
    }
  });
});
