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
