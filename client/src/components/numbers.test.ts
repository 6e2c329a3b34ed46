import { describe, expect, it } from 'vitest';
import { compactNumber, dollars, wholeNumber } from './numbers.ts';

const SAMPLES = [
  0, 7, 999, 1000, 1001, 9999, 10_000, 12_345, 99_999, 100_000, 123_456, 999_999, 1_000_000, 1_050_000, 4_350_000,
  12_345_678, 999_999_999, 1_000_000_000, 4_567_890_123, 1_234_567_890_123, 2_000_000_000_000_000,
];
const SIGNED = SAMPLES.flatMap((each) => (each === 0 ? [0] : [each, -each]));

// Intl is the oracle here; the product writes these by hand so that no first screen initialises ICU.
describe('whole numbers as the product writes them', () => {
  it('groups thousands as US English does', () => {
    const intl = new Intl.NumberFormat('en-US');
    for (const n of SIGNED) expect(wholeNumber(n), String(n)).toBe(intl.format(n));
  });

  it('shortens large ones as US English compact notation does, rounded toward zero', () => {
    const intl = new Intl.NumberFormat('en-US', {
      notation: 'compact',
      maximumFractionDigits: 1,
      roundingMode: 'trunc',
    });
    for (const n of SIGNED) expect(compactNumber(n), String(n)).toBe(intl.format(n));
    expect(compactNumber(99_999)).toBe('99.9K');
  });
});

describe('dollars as the product writes them', () => {
  const AMOUNTS = [
    ...SIGNED,
    ...SIGNED.map((each) => each / 10),
    ...SIGNED.map((each) => each / 100),
    ...SIGNED.map((each) => each / 1000),
    0.005,
    0.015,
    1.005,
    1.255,
    2.675,
    10.5,
    12.34,
    99.995,
    123.456,
    0.1 + 0.2,
    -0.125,
    -4.355,
  ];

  it('with cents, as US English does', () => {
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    for (const n of AMOUNTS) expect(dollars(n), String(n)).toBe(intl.format(n));
  });

  it('with cents only as needed, as US English does with no minimum of fraction digits', () => {
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0 });
    for (const n of AMOUNTS) expect(dollars(n, 0), String(n)).toBe(intl.format(n));
    expect(dollars(100, 0)).toBe('$100');
    expect(dollars(12.5, 0)).toBe('$12.5');
  });
});
