/**
 * Whole numbers as the product writes them, in US English like its texts: '12,345', and in the header '12.3K'.
 * Written by hand, not with Intl.NumberFormat: a page's first Intl formatter initialises the browser's ICU, some
 * 30-55 ms of one task (four times that on Lighthouse's phone), which a figure in the header or a date on a card
 * would otherwise pay on every first screen (issue #14).
 */

/** '12,345', '-1,000'. */
export function wholeNumber(n: number): string {
  const digits = String(Math.trunc(Math.abs(n))).replace(/\B(?=(\d{3})+$)/g, ',');
  return n < 0 ? `-${digits}` : digits;
}

const COMPACT_UNITS: [number, string][] = [
  [1e12, 'T'],
  [1e9, 'B'],
  [1e6, 'M'],
  [1e3, 'K'],
];

/**
 * '12.3K', '1M', '4.5B': one decimal at most, rounded toward zero so it never shows more than there is (99,999 is
 * 99.9K, not 100K). Below a thousand, the number itself. (Whole numbers: their tenths are then exact.)
 */
export function compactNumber(n: number): string {
  const size = Math.trunc(Math.abs(n));
  const [unit, suffix] = COMPACT_UNITS.find(([each]) => size >= each) ?? [1, ''];
  const tenths = Math.floor((size * 10) / unit);
  const decimal = tenths % 10;
  return `${n < 0 ? '-' : ''}${Math.floor(tenths / 10)}${decimal ? `.${decimal}` : ''}${suffix}`;
}

/** `n` (not negative) in cents, rounded half up on its shortest decimal form ('0.015' is 2 cents), as Intl rounds. */
function centsOf(n: number): bigint {
  const written = String(n);
  if (written.includes('e')) return BigInt(Math.round(n * 100));
  const [whole = '0', fraction = ''] = written.split('.');
  const cents = BigInt(whole + fraction.slice(0, 2).padEnd(2, '0'));
  return (fraction[2] ?? '0') >= '5' ? cents + 1n : cents;
}

/**
 * US dollars as US English writes them: '$1,234.50', '-$5.00'; with `minimumFractionDigits` 0, '$10' and '$12.5'
 * (cents as needed, two at most).
 */
export function dollars(n: number, minimumFractionDigits: 0 | 2 = 2): string {
  const cents = centsOf(Math.abs(n));
  const whole = String(cents / 100n).replace(/\B(?=(\d{3})+$)/g, ',');
  const twoDigits = String(cents % 100n).padStart(2, '0');
  const fraction = minimumFractionDigits === 2 ? twoDigits : twoDigits.replace(/0+$/, '');
  return `${n < 0 ? '-' : ''}$${whole}${fraction ? `.${fraction}` : ''}`;
}
