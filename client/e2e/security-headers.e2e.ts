import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { api, PAGE_TEXT, PROFILE_TEXT, type Thread } from '@enclave/protocol';
import { CLIENT_DIST } from '@enclave/scripts/client-build.ts';
import type { App } from '@enclave/server';
import { saveReceivingAddresses } from '@enclave/server/payments/receiving-addresses.ts';
import { sendMessage } from '@enclave/server/private-messages/service.ts';
import { onFileEnd } from '@enclave/server/test/cleanup.ts';
import { createMember } from '@enclave/server/test/factories.ts';
import { aCategory, aThread } from '@enclave/server/test/forum.ts';
import type { UserRecord } from '@enclave/server/users/user-model.ts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TABS } from '../src/routes/admin-tabs.ts';
import { createStarterPayment, DESKTOP, MOBILE, productInBrowser, screenshot, signedInContext } from './harness.ts';

/** Issue 12, "Headers": a strict CSP that the whole product runs under with zero violations, and no framing. */
let app: App;
let url: string;
let browser: Browser;
let admin: UserRecord;
let thread: Thread;
let categoryId: number;

beforeAll(async () => {
  ({ app, url, browser } = await productInBrowser());
  admin = (await createMember(app, { username: 'csp_admin', isAdmin: true })).user;
  const bob = (await createMember(app, { username: 'csp_bob' })).user;
  categoryId = (await aCategory(app, { name: 'Policy Lounge' })).id;
  thread = await aThread(app, bob, { title: 'Headers that matter', content: 'CSP, HSTS and friends.', categoryId });
  await sendMessage(app, bob, { content: 'Did the policy hold?', recipientId: admin.id });
  await saveReceivingAddresses(
    app,
    {
      btc: {
        name: 'Bitcoin',
        symbol: 'BTC',
        network: 'Bitcoin',
        address: '1BitcoinEaterAddressDontSendf59kuE',
        usdRate: 65_000,
      },
    },
    null,
  );
});

/**
 * Every CSP violation the browser reports in this context, as the page's `securitypolicyviolation` event
 * (listened to before any page script runs) and as Chromium's "Refused to ..." console error.
 */
async function watchViolations(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.exposeBinding('reportCspViolation', ({ page }, text: string) => {
    violations.push(`${page.url()}: ${text}`);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation(text: string): void }).reportCspViolation;
      report(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  context.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) {
      violations.push(`${message.page()?.url()}: console: ${message.text()}`);
    }
  });
  return violations;
}

async function adminPage(viewport = DESKTOP): Promise<{ page: Page; violations: string[] }> {
  const context = await signedInContext(browser, app, url, admin, viewport);
  const violations = await watchViolations(context);
  return { page: await context.newPage(), violations };
}

/** Each page of the route table, and what shows it has rendered its data. */
const PAGES: [string, () => string, (page: Page) => Promise<void>][] = [
  ['home', () => '/', (page) => page.getByRole('link', { name: thread.title }).first().waitFor()],
  [
    'forums',
    () => '/forums',
    (page) =>
      page
        .getByRole('link', { name: /Policy Lounge/ })
        .first()
        .waitFor(),
  ],
  ['auth', () => '/auth', (page) => page.waitForURL(`${url}/`)],
  ['thread', () => `/thread/${thread.id}`, (page) => page.getByText('CSP, HSTS and friends.').waitFor()],
  ['category', () => `/category/${categoryId}`, (page) => page.getByRole('link', { name: thread.title }).waitFor()],
  ['messages', () => '/messages', (page) => page.getByRole('option', { name: /csp_bob/ }).waitFor()],
  ['transactions', () => '/transactions', (page) => page.getByRole('heading', { level: 1 }).waitFor()],
  ['privacy', () => '/privacy', (page) => page.getByRole('heading', { name: 'Privacy', level: 1 }).waitFor()],
  [
    'not-found',
    () => '/no/such/page',
    (page) => page.getByRole('heading', { name: PAGE_TEXT.notFoundTitle }).waitFor(),
  ],
];

describe('the content security policy', () => {
  it('holds on every page of the route table, as a signed-in admin, on desktop and phone, with zero violations', async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      const { page, violations } = await adminPage(viewport);
      for (const [, path, ready] of PAGES) {
        await page.goto(`${url}${path()}`);
        await ready(page);
      }
      for (const tab of ADMIN_TABS) {
        await page.goto(`${url}/admin?tab=${tab}`);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await page.waitForLoadState('networkidle');
        await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
      }

      await page.goto(`${url}/wallet`);
      await createStarterPayment(page);
      await screenshot(page, `csp-wallet-payment-${viewport.width}`);

      await page.goto(`${url}/profile`);
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Change profile picture' }).click();
      await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: await aPhoto() });
      const crop = page.getByRole('dialog', { name: PROFILE_TEXT.cropTitle });
      await crop.locator('.cropper-crop-box').waitFor();
      await screenshot(page, `csp-crop-dialog-${viewport.width}`);
      await crop.getByRole('button', { name: 'Save', exact: true }).click();
      await crop.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Change profile picture' }).locator('img').waitFor();
      await page.waitForLoadState('networkidle');

      expect(violations).toEqual([]);
      await page.context().close();
    }
  });

  it('is sent with the other security headers on REST answers, the SPA fallback and static files', async () => {
    const html = readFileSync(join(CLIENT_DIST, 'index.html'), 'utf8');
    // An inline script would need 'unsafe-inline': the built page loads its scripts by URL only.
    expect(html.match(/<script(?![^>]*\bsrc=)[^>]*>/g) ?? []).toEqual([]);
    const asset = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1] as string;

    for (const path of [api.categories.url, '/wallet', '/no/such/page', asset, '/api/no-such-route']) {
      const response = await fetch(`${url}${path}`);
      const headers = Object.fromEntries(response.headers);
      expect(headers['content-security-policy'], path).toContain("default-src 'self'");
      expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
      expect(headers['content-security-policy'], path).toMatch(/script-src 'self'(;|$)/);
      expect(headers['content-security-policy'], path).not.toMatch(/unsafe-inline|unsafe-eval/);
      expect(headers, path).toMatchObject({
        'x-frame-options': 'DENY',
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
      });
      // HSTS only in production: on http://localhost it would pin https onto every other local project.
      expect(headers['strict-transport-security'], path).toBeUndefined();
    }
  });

  it('keeps /wallet out of a frame on another origin', async () => {
    // Another origin on this machine (another port), so the browser's own local-network rules do not block it.
    const attacker = createServer((_request, response) => {
      response.setHeader('content-type', 'text/html');
      response.end(`<!doctype html><title>Win coins</title><iframe src="${url}/wallet"></iframe>`);
    });
    await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
    onFileEnd(() => new Promise((resolve) => attacker.close(resolve)));
    const { page } = await adminPage();
    await page.goto(`http://127.0.0.1:${(attacker.address() as AddressInfo).port}/`, { waitUntil: 'load' });
    const [frame] = page.mainFrame().childFrames();
    expect(frame, 'the attacker page has its iframe').toBeDefined();
    expect(frame?.url()).not.toBe(`${url}/wallet`);
    expect(await frame?.evaluate(() => document.getElementById('root') !== null)).toBe(false);
    await page.context().close();
  });
});

/** A real photo-sized picture for the cropper. */
function aPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 800, height: 600, channels: 3, background: '#4f46e5' } })
    .png()
    .toBuffer();
}
