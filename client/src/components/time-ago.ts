const UNITS: [string, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/**
 * A past moment as relative text with an 'ago' suffix: '5 minutes ago', '1 day ago'. Written by hand, as
 * Intl.RelativeTimeFormat('en') words it: the home page's cards would otherwise initialise ICU (components/numbers.ts).
 */
export function timeAgo(date: string | Date, now: number = Date.now()): string {
  // A server clock slightly ahead of this one must not read 'in 3 seconds'.
  const seconds = Math.max(0, (now - new Date(date).getTime()) / 1000);
  for (const [unit, size] of UNITS) {
    const count = Math.floor(seconds / size);
    if (count >= 1) return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
  }
  return 'less than a minute ago';
}
