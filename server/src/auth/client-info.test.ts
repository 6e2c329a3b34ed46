import { describe, expect, it } from 'vitest';
import { coarsePlace, describeAgent } from './client-info.ts';

describe('device and browser from the user agent', () => {
  it.each([
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      { device: 'Desktop (Linux)', deviceType: 'desktop', browser: 'Chrome 131' },
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      { device: 'iPhone (iOS 17)', deviceType: 'phone', browser: 'Safari 17' },
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
      { device: 'Phone (Android 14)', deviceType: 'phone', browser: 'Chrome 126' },
    ],
    [
      'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
      { device: 'iPad (iOS 16)', deviceType: 'tablet', browser: 'Safari 16' },
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0',
      { device: 'Desktop (Windows 10)', deviceType: 'desktop', browser: 'Firefox 128' },
    ],
    ['curl/8.5.0', { device: 'Unknown device', deviceType: 'other', browser: 'Unknown browser' }],
    ['', { device: 'Unknown device', deviceType: 'other', browser: 'Unknown browser' }],
    [undefined, { device: 'Unknown device', deviceType: 'other', browser: 'Unknown browser' }],
  ])('%s', (userAgent, expected) => {
    expect(describeAgent(userAgent)).toEqual(expected);
  });

  it('keeps what a forged agent makes of it short', () => {
    const { device, browser } = describeAgent(`Mozilla/5.0 (X11; Linux x86_64) ${'A'.repeat(500)}/1.0`);
    expect(device.length).toBeLessThanOrEqual(60);
    expect(browser.length).toBeLessThanOrEqual(60);
  });
});

describe('the place is the network only, never the address', () => {
  it.each([
    ['203.0.113.77', '203.0.113.0/24'],
    ['10.1.2.3', '10.1.2.0/24'],
    ['::ffff:198.51.100.9', '198.51.100.0/24'],
    ['2001:db8:1234:5678:9abc:def0:1234:5678', '2001:db8:1234::/48'],
    ['2001:db8::1', '2001:db8::/48'],
    ['::1', '::/48'],
    ['not an address', 'Unknown network'],
  ])('%s → %s', (address, place) => {
    expect(coarsePlace(address)).toBe(place);
  });
});
