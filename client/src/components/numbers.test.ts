import { describe, expect, it } from 'vitest';
import { compactNumber, wholeNumber } from './numbers.ts';

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
