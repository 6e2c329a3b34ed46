import { describe, expect, it } from 'vitest';
import { BTC_ADDRESS, BTC_HASH } from '../testing/wallet.ts';
import { explorerUrl, formatPayAmount, paymentUri } from './chain-links.ts';

describe('explorer links', () => {
  it('sends btc to a bitcoin explorer, usdt and usdc to ethereum, xmr to monero', () => {
    expect(explorerUrl('btc', BTC_HASH)).toBe(`https://mempool.space/tx/${BTC_HASH}`);
    expect(explorerUrl('usdt', `0x${BTC_HASH}`)).toBe(`https://etherscan.io/tx/0x${BTC_HASH}`);
    expect(explorerUrl('usdc', BTC_HASH)).toBe(`https://etherscan.io/tx/0x${BTC_HASH}`);
    expect(explorerUrl('xmr', BTC_HASH)).toBe(`https://xmrchain.net/tx/${BTC_HASH}`);
  });

  it('gives no link without a hash or for a currency with no known chain', () => {
    expect(explorerUrl('btc', null)).toBeNull();
    expect(explorerUrl(null, BTC_HASH)).toBeNull();
    expect(explorerUrl('doge', BTC_HASH)).toBeNull();
  });
});

describe('payment URIs for the QR code', () => {
  it('carries the amount for bitcoin and monero, and only the address for ERC-20 tokens', () => {
    expect(paymentUri('btc', BTC_ADDRESS, 0.0001538)).toBe(`bitcoin:${BTC_ADDRESS}?amount=0.0001538`);
    expect(paymentUri('xmr', '4abc', 0.5)).toBe('monero:4abc?tx_amount=0.5');
    expect(paymentUri('usdt', '0xdead', 10)).toBe('0xdead');
  });

  it('writes amounts at the currency precision, never in exponent notation', () => {
    expect(formatPayAmount(1e-7, 'btc')).toBe('0.0000001');
    expect(formatPayAmount(100, 'usdc')).toBe('100');
    expect(formatPayAmount(10.5, 'usdt')).toBe('10.5');
  });
});
