import { api, VALIDATION } from '@enclave/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { moderationModels } from '../moderation/models.ts';
import { createTestApp } from '../test/app.ts';
import type { TestClient } from '../test/client.ts';
import { createMember } from '../test/factories.ts';

let app: App;
let admin: TestClient;

beforeAll(async () => {
  app = await createTestApp();
  admin = (await createMember(app, { isAdmin: true })).client;
});

const valid = {
  btc: { name: 'Bitcoin', symbol: 'BTC', network: 'Bitcoin', address: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2' },
  xmr: { name: 'Monero', symbol: 'XMR', address: `4${'A'.repeat(94)}` },
  usdt: { name: 'Tether', symbol: 'USDT', network: 'Ethereum (ERC-20)', address: `0x${'a'.repeat(40)}` },
  usdc: { name: 'USD Coin', symbol: 'USDC', network: 'Ethereum (ERC-20)', address: `0x${'b'.repeat(40)}` },
  ltc: { name: 'Litecoin', symbol: 'LTC', address: 'ltc1qexampleaddr' },
};

describe('crypto wallet settings (GET and POST /api/admin/crypto-wallets)', () => {
  it('saves the whole map and answers it keyed by currency code', async () => {
    const saved = await admin.call(api.saveCryptoWallets, { body: valid });
    expect(saved.statusCode).toBe(200);
    const read = (await admin.call(api.cryptoWallets)).json();
    expect(saved.json()).toEqual(read);
    expect(Object.keys(read).sort()).toEqual(['btc', 'ltc', 'usdc', 'usdt', 'xmr']);
    expect(read.btc).toMatchObject(valid.btc);
    expect(read.xmr).toMatchObject({ ...valid.xmr, network: null });
    expect(await moderationModels(app).ModerationLog.exists({ action: 'wallets.update' })).toBeTruthy();
  });

  it("checks every address by spec 001 §5's rules and saves nothing when one fails", async () => {
    await admin.call(api.saveCryptoWallets, { body: valid });
    const cases: [string, string, string][] = [
      ['btc', 'x'.repeat(25), 'Bitcoin'],
      ['btc', 'x'.repeat(36), 'Bitcoin'],
      ['xmr', 'x'.repeat(94), 'Monero'],
      ['usdt', `0x${'a'.repeat(39)}`, 'Tether'],
      ['usdc', `1x${'a'.repeat(40)}`, 'USD Coin'],
      ['ltc', 'x'.repeat(15), 'Litecoin'],
      ['btc', '', 'Bitcoin'],
    ];
    for (const [currency, address, name] of cases) {
      const body = { ...valid, [currency]: { ...valid[currency as keyof typeof valid], address } };
      const response = await admin.call(api.saveCryptoWallets, { body });
      expect(response.statusCode, `${currency} ${address}`).toBe(400);
      expect(response.json().message).toBe(VALIDATION.walletAddressInvalid(name));
    }
    expect((await admin.call(api.cryptoWallets)).json().btc.address).toBe(valid.btc.address);
  });
});
