import { lazily } from './dates.ts';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

const relative = lazily(() => new Intl.RelativeTimeFormat('en', { numeric: 'always' }));

/** A past moment as relative text with an 'ago' suffix: '5 minutes ago', '2 days ago'. */
export function timeAgo(date: string | Date, now: number = Date.now()): string {
  // A server clock slightly ahead of this one must not read 'in 3 seconds'.
  const seconds = Math.max(0, (now - new Date(date).getTime()) / 1000);
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return relative().format(-Math.floor(seconds / size), unit);
  }
  return 'less than a minute ago';
}
