import { describe, expect, it } from 'vitest';
import { type AddressDraft, addressError, saveLabel } from './receiving-address-form.ts';

const draft = (name: string, address: string): AddressDraft => ({
  name,
  symbol: '',
  network: '',
  address,
  usdRate: '',
});

describe('the receiving address rules (spec 001 §5)', () => {
  it.each([
    ['btc', 'Bitcoin', 'a'.repeat(26), true],
    ['btc', 'Bitcoin', 'a'.repeat(35), true],
    ['btc', 'Bitcoin', 'a'.repeat(25), false],
    ['btc', 'Bitcoin', 'a'.repeat(36), false],
    ['xmr', 'Monero', 'a'.repeat(95), true],
    ['xmr', 'Monero', 'a'.repeat(94), false],
    ['usdt', 'Tether', `0x${'a'.repeat(40)}`, true],
    ['usdc', 'USD Coin', `0x${'a'.repeat(41)}`, false],
    ['usdc', 'USD Coin', `1x${'a'.repeat(40)}`, false],
    ['ltc', 'Litecoin', 'a'.repeat(16), true],
    ['ltc', 'Litecoin', 'a'.repeat(15), false],
    ['btc', 'Bitcoin', '', false],
  ])('%s %s address of %j: valid %s', (code, name, address, valid) => {
    expect(addressError(code, draft(name, address))).toBe(valid ? undefined : `Please enter a valid ${name} address`);
  });

  it("labels the button 'Saving...' while pending, 'Save Changes' when dirty, 'Saved' when clean", () => {
    expect([saveLabel(true, true), saveLabel(false, true), saveLabel(false, false)]).toEqual([
      'Saving...',
      'Save Changes',
      'Saved',
    ]);
  });
});
