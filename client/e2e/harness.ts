import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type AuthenticatorAppSetup,
  api,
  type ClientToServerEvents,
  type PasskeyChallenge,
  type ServerToClientEvents,
} from '@enclave/protocol';
import { CLIENT_DIST } from '@enclave/scripts/client-build.ts';
import type { App, AppConfig } from '@enclave/server';
import { appCodeNow } from '@enclave/server/factors/authenticator-app.ts';
import { createTestApp } from '@enclave/server/test/app.ts';
import { onFileEnd } from '@enclave/server/test/cleanup.ts';
import { signedInClient, signedInCookie } from '@enclave/server/test/factories.ts';
import { SoftAuthenticator } from '@enclave/server/test/passkey-authenticator.ts';
import type { UserRecord } from '@enclave/server/users/user-model.ts';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { expect } from 'vitest';

/** Screenshots go outside the repository; look at them, never commit them. */
export const SCREENSHOT_DIR = process.env.SCREENSHOT_DIR ?? join(tmpdir(), 'enclave-screenshots');

/**
 * The whole product (API, sockets, built client) on a free port with a database of its own. A server
 * restart is `app.close()`, then `startProduct(env, { port, database })` with the first one's values.
 */
export async function startProduct(
  env: Record<string, string> = {},
  at: { port?: number; database?: AppConfig['database'] } = {},
): Promise<{ app: App; url: string; port: number; database: AppConfig['database'] }> {
  const app = await createTestApp({ CLIENT_DIST, ...env }, at.database);
  await app.listen({ port: at.port ?? 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { app, url: `http://127.0.0.1:${port}`, port, database: app.config.database };
}

const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's Chromium, driven by playwright-core (no browser download). */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_FLAGS });
  onFileEnd(() => browser.close());
  return browser;
}

/** What most browser test files start with: the product, and Chromium to visit it. */
export async function productInBrowser(env: Record<string, string> = {}) {
  const [product, browser] = await Promise.all([startProduct(env), launchBrowser()]);
  return { ...product, browser };
}

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 390, height: 844 };

/** A browser context already signed in as `user` (the same cookie the login call sets). */
export async function signedInContext(
  browser: Browser,
  app: App,
  url: string,
  user: Pick<UserRecord, 'id' | 'sessionVersion'>,
  viewport = DESKTOP,
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport });
  await context.addCookies([
    {
      name: 'enclave_session',
      value: await signedInCookie(app, user),
      url,
      httpOnly: true,
      sameSite: 'Lax',
    },
  ]);
  return context;
}

/**
 * Resolves once the page's socket has been told who it is: a push is one-shot, so a test moves things only after
 * that. Call it before the page loads (its socket opens after the first screen).
 */
export function socketReady(page: Page): Promise<unknown> {
  return page
    .waitForEvent('websocket')
    .then((socket) =>
      socket.waitForEvent('framereceived', { predicate: (frame) => String(frame.payload).includes('session:ready') }),
    );
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: false });
  return path;
}

/** A 800×600 PNG drawn by the page itself: something real for the cropper to work on. */
export async function drawPicture(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 800;
    canvas.height = 600;
    const context = canvas.getContext('2d') as CanvasRenderingContext2D;
    const gradient = context.createLinearGradient(0, 0, 800, 600);
    gradient.addColorStop(0, '#f59e0b');
    gradient.addColorStop(1, '#4f46e5');
    context.fillStyle = gradient;
    context.fillRect(0, 0, 800, 600);
    return canvas.toDataURL('image/png').split(',')[1] as string;
  });
  return Buffer.from(base64, 'base64');
}

/** On /wallet's Buy Coins tab: the Starter package in Bitcoin, created, until its QR code is drawn. */
export async function createStarterPayment(page: Page): Promise<void> {
  const choose = (name: RegExp) =>
    page
      .locator('label')
      .filter({ has: page.getByRole('radio', { name }) })
      .click();
  await choose(/^Starter/);
  await choose(/Bitcoin/);
  await page.getByRole('button', { name: 'Create Payment' }).click();
  await page
    .getByRole('img', { name: /QR code/ })
    .locator('svg')
    .waitFor();
}

/** A passkey (from a software authenticator) and an authenticator app, as the Security tab adds them: the app's key. */
export async function withSecondFactors(app: App, user: UserRecord): Promise<string> {
  const client = await signedInClient(app, user);
  const challenge = (await client.call(api.passkeyOptions)).json<PasskeyChallenge>();
  // app.inject's requests come to http://localhost: the passkey's relying party.
  const device = new SoftAuthenticator({ origin: 'http://localhost' });
  const response = await device.register(challenge.options as unknown as Parameters<SoftAuthenticator['register']>[0]);
  const body = { name: 'Work laptop', challengeToken: challenge.challengeToken, response };
  expect((await client.call(api.addPasskey, { body })).statusCode).toBe(201);
  const { secret } = (await client.call(api.startAuthenticatorApp)).json<AuthenticatorAppSetup>();
  const code = appCodeNow(secret, Date.now() - 30_000);
  expect((await client.call(api.confirmAuthenticatorApp, { body: { code } })).statusCode).toBe(200);
  return secret;
}

export type MemberTab = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * Another member's tab without a browser: a socket with their session, for what a page shows of others (who is
 * reading a thread, who is typing). Closed when the file ends.
 */
export async function memberTab(app: App, url: string, user: Pick<UserRecord, 'id' | 'sessionVersion'>) {
  const socket: MemberTab = connectSocket(url, {
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: { cookie: `enclave_session=${await signedInCookie(app, user)}` },
  });
  onFileEnd(() => socket.disconnect());
  await new Promise((resolve) => socket.once('session:ready', resolve));
  return socket;
}

/**
 * A thread's text with what cooking shapes (issue #28): a heading, a task list, a table wider than a phone, a quote
 * and code, so the axe and page-width files cover cooked text on every viewport.
 */
export const FORMATTED_CONTENT = [
  'WireGuard on a small VPS is fast and cheap. Here is how I set mine up, step by step.',
  '## What you need\n\n- [x] A VPS with a public address\n- [ ] A domain (optional)',
  '| Provider plan | Monthly price | Traffic included | Location | IPv6 |\n|:--|--:|:-:|:--|:-:|\n| Small | 4.50 | 20 TB | Frankfurt am Main | yes |',
  '> Keep the private key on the server.\n\n```\nwg genkey | tee privatekey | wg pubkey > publickey-with-a-rather-long-file-name\n```',
].join('\n\n');
