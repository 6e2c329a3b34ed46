import { describe, expect, it } from 'vitest';
import { timeAgo } from './time-ago.ts';

describe('time ago', () => {
  it('words a past moment as Intl.RelativeTimeFormat does in English', () => {
    const now = Date.UTC(2026, 10, 25, 12, 0, 0);
    const relative = new Intl.RelativeTimeFormat('en', { numeric: 'always' });
    const cases: [number, Intl.RelativeTimeFormatUnit, number][] = [
      [60, 'minute', 1],
      [61, 'minute', 1],
      [125, 'minute', 2],
      [3600, 'hour', 1],
      [5 * 3600 + 59, 'hour', 5],
      [86_400, 'day', 1],
      [3 * 86_400, 'day', 3],
      [7 * 86_400, 'week', 1],
      [20 * 86_400, 'week', 2],
      [30 * 86_400, 'month', 1],
      [200 * 86_400, 'month', 6],
      [365 * 86_400, 'year', 1],
      [3 * 365 * 86_400, 'year', 3],
    ];
    for (const [secondsAgo, unit, count] of cases) {
      expect(timeAgo(new Date(now - secondsAgo * 1000), now), `${secondsAgo} s`).toBe(relative.format(-count, unit));
    }
  });

  it('says less than a minute for the last minute, and for a moment a fast server clock puts ahead', () => {
    const now = Date.UTC(2026, 10, 25, 12, 0, 0);
    expect(timeAgo(new Date(now - 59_000), now)).toBe('less than a minute ago');
    expect(timeAgo(new Date(now + 3000), now)).toBe('less than a minute ago');
  });
});
