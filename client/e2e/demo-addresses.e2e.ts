import { isValidWalletAddress, paymentPagePath, WALLET_TEXT } from '@enclave/protocol';
import type { App } from '@enclave/server';
import { DEMO_RECEIVING_ADDRESSES } from '@enclave/server/payments/demo-addresses.ts';
import { saveReceivingAddresses } from '@enclave/server/payments/receiving-addresses.ts';
import { createPayment } from '@enclave/server/payments/service.ts';
import { createMember } from '@enclave/server/test/factories.ts';
import type { Browser } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, productInBrowser, screenshot, signedInContext } from './harness.ts';

let app: App;
let url: string;
let browser: Browser;

/** The burn and placeholder addresses the demo data used to tell members to pay to. */
const BURN_OR_PLACEHOLDER = /BitcoinEater|ReplaceMe|dEaD$/i;
/** A member's own receiving address, as an admin would paste it (a well-formed mainnet address: the genesis block's). */
const REAL_BTC = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa';

beforeAll(async () => {
  ({ app, url, browser } = await productInBrowser());
});

describe('seeded demo payment addresses in Chromium (item 18)', () => {
  it('seeds well-formed example addresses, warns members not to pay them, and reminds staff to set real ones', async () => {
    for (const [currency, setting] of Object.entries(DEMO_RECEIVING_ADDRESSES)) {
      expect(isValidWalletAddress(currency, setting.address), currency).toBe(true);
      expect(setting.address).not.toMatch(BURN_OR_PLACEHOLDER);
    }
    await saveReceivingAddresses(app, DEMO_RECEIVING_ADDRESSES, null);
    const { user: member } = await createMember(app);
    const { user: admin } = await createMember(app, { isAdmin: true });

    const demo = await createPayment(app, member, { packageId: 'starter', currency: 'btc' });
    const page = await (await signedInContext(browser, app, url, member, MOBILE)).newPage();
    await page.goto(`${url}${paymentPagePath(demo.paymentId)}`);
    const notice = page.getByRole('alert').filter({ hasText: WALLET_TEXT.demoAddressTitle });
    await notice.waitFor();
    await screenshot(page, 'demo-address-notice-mobile');

    const staffPage = await (await signedInContext(browser, app, url, admin, DESKTOP)).newPage();
    await staffPage.goto(`${url}/admin?tab=settings`);
    const reminder = staffPage.getByText(WALLET_TEXT.demoSetupTitle);
    await reminder.scrollIntoViewIfNeeded();
    await screenshot(staffPage, 'demo-address-staff-reminder');

    // Once the admin has set a real address, neither shows.
    await saveReceivingAddresses(
      app,
      { ...DEMO_RECEIVING_ADDRESSES, btc: { ...DEMO_RECEIVING_ADDRESSES.btc, address: REAL_BTC } },
      admin.id,
    );
    const real = await createPayment(app, member, { packageId: 'starter', currency: 'btc' });
    await page.goto(`${url}${paymentPagePath(real.paymentId)}`);
    await page.getByText(REAL_BTC, { exact: true }).waitFor();
    expect(await page.getByText(WALLET_TEXT.demoAddressTitle).count()).toBe(0);
  });
});
