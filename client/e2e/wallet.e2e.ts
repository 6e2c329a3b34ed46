import { WALLET_TEXT } from '@enclave/protocol';
import type { App } from '@enclave/server';
import { saveReceivingAddresses } from '@enclave/server/payments/receiving-addresses.ts';
import { createPayment } from '@enclave/server/payments/service.ts';
import { createMember } from '@enclave/server/test/factories.ts';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, MOBILE, screenshot, signedInContext, startProduct } from './harness.ts';

const BTC_ADDRESS = '1BitcoinEaterAddressDontSendf59kuE';
const BTC_HASH = 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c1d2e3f4a5b6c7d8e9f0a1b2';

let app: App;
let url: string;
let browser: Browser;

beforeAll(async () => {
  // The default provider is self-custody: it takes bitcoin once the admin has set an address and a rate.
  ({ app, url } = await startProduct());
  await saveReceivingAddresses(
    app,
    { btc: { name: 'Bitcoin', symbol: 'BTC', network: 'Bitcoin', address: BTC_ADDRESS, usdRate: 65_000 } },
    null,
  );
  browser = await launchBrowser();
});

/** Every host the page asked for: the product's own, nothing third-party (the QR code is drawn in the browser). */
function watchHosts(page: Page): Set<string> {
  const hosts = new Set<string>();
  page.on('request', (request) => hosts.add(new URL(request.url()).host));
  return hosts;
}

/** Picks a package or currency card, as a member does: by clicking it (its radio input is visually hidden). */
async function choose(page: Page, name: RegExp) {
  const radio = page.getByRole('radio', { name });
  await page.locator('label').filter({ has: radio }).click();
  expect(await radio.isChecked()).toBe(true);
}

const headerBalance = (page: Page, coins: string) =>
  page.getByRole('banner').getByText(`${coins} coins`, { exact: true });

describe('the wallet in Chromium', () => {
  it('buys coins in self-custody mode; staff confirm in another browser; the header balance changes live', async () => {
    const { user: member } = await createMember(app);
    const { user: staff } = await createMember(app, { isAdmin: true });

    const memberContext = await signedInContext(browser, app, url, member);
    const page = await memberContext.newPage();
    const hosts = watchHosts(page);
    await page.goto(`${url}/wallet`);
    await headerBalance(page, '0').waitFor();

    await page.getByRole('button', { name: 'Create Payment' }).click();
    await page.getByText('Please select a package').waitFor();
    await page.getByText('Please select a currency').waitFor();

    await choose(page, /^Starter/);
    await choose(page, /Bitcoin/);
    await page.getByText(/^≈ [0-9.]+ BTC$/).waitFor();
    await page.getByRole('button', { name: 'Create Payment' }).click();

    await page.getByRole('heading', { name: /^Send [0-9.]+ BTC$/ }).waitFor();
    expect(await page.getByText(BTC_ADDRESS, { exact: true }).isVisible()).toBe(true);
    await page
      .getByRole('img', { name: /QR code/ })
      .locator('svg')
      .waitFor();
    await page.getByText('Waiting for your payment').waitFor();
    await screenshot(page, 'wallet-payment-desktop');

    await memberContext.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url });
    await page.getByRole('button', { name: 'Copy address' }).click();
    await page.getByRole('button', { name: WALLET_TEXT.copied }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(BTC_ADDRESS);
    await page.getByRole('button', { name: 'Copy address' }).waitFor({ timeout: 5000 });

    // A reload would drop this marker: the balance must change without one.
    await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));

    const staffContext = await signedInContext(browser, app, url, staff);
    const staffPage = await staffContext.newPage();
    await staffPage.goto(`${url}/admin?tab=settings`);
    const queue = staffPage.getByRole('list', { name: 'Payments awaiting confirmation' });
    const item = queue.getByRole('listitem').filter({ hasText: member.username });
    await item.waitFor();
    await screenshot(staffPage, 'wallet-staff-panel');
    await item.getByRole('button', { name: 'Confirm' }).click();
    const dialog = staffPage.getByRole('dialog', { name: 'Confirm payment' });
    await dialog.getByLabel('Transaction hash').fill(BTC_HASH);
    await screenshot(staffPage, 'wallet-staff-confirm');
    await dialog.getByRole('button', { name: 'Confirm payment' }).click();
    await item.waitFor({ state: 'detached' });

    await headerBalance(page, '100').waitFor();
    await page.getByText('Payment complete').waitFor();
    expect(await page.evaluate(() => (window as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);
    await screenshot(page, 'wallet-payment-complete');

    await page.getByRole('tab', { name: WALLET_TEXT.history }).click();
    const rows = page.getByRole('list', { name: 'Transactions' });
    await rows.getByText('+100 coins').waitFor();
    expect(await rows.getByRole('link', { name: /View on explorer/ }).getAttribute('href')).toBe(
      `https://mempool.space/tx/${BTC_HASH}`,
    );
    expect([...hosts]).toEqual([new URL(url).host]);

    await memberContext.close();
    await staffContext.close();
  });

  it('shows the payment view on a phone and resets it with Create New Payment', async () => {
    const { user: member } = await createMember(app);
    const context = await signedInContext(browser, app, url, member, MOBILE);
    const page = await context.newPage();
    await page.goto(`${url}/wallet`);
    await choose(page, /^Bulk/);
    await choose(page, /Bitcoin/);
    await page.getByRole('button', { name: 'Create Payment' }).click();
    const qr = page.getByRole('img', { name: /QR code/ });
    await qr.locator('svg').waitFor();
    await qr.scrollIntoViewIfNeeded();
    await screenshot(page, 'wallet-payment-mobile');

    await page.reload();
    await qr.locator('svg').waitFor();
    await page.getByRole('button', { name: WALLET_TEXT.createNewPayment }).click();
    await page.getByRole('button', { name: 'Create Payment' }).waitFor();
    expect(await page.getByRole('radio', { name: /^Bulk/ }).isChecked()).toBe(false);
    await context.close();
  });

  it('lists the history on /transactions and filters it by status', async () => {
    const { user: member } = await createMember(app);
    await createPayment(app, member, { packageId: 'standard', currency: 'btc' });
    const context = await signedInContext(browser, app, url, member, DESKTOP);
    const page = await context.newPage();
    await page.goto(`${url}/transactions`);
    const rows = page.getByRole('list', { name: 'Transactions' });
    await rows.getByText('+1,000 coins').waitFor();
    expect(await rows.getByText('Pending').isVisible()).toBe(true);
    await screenshot(page, 'wallet-transactions');

    await page.getByRole('button', { name: /Status/ }).click();
    await page.getByRole('option', { name: 'Failed' }).click();
    await page.getByText('No transactions match these filters.').waitFor();
    await context.close();
  });
});
