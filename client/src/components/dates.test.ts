import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatListDate } from './dates.ts';

/** Every hour of a day in each month of two years, and minutes on both sides of noon and midnight. */
const INSTANTS = [2025, 2026].flatMap((year) =>
  Array.from({ length: 12 }, (_, month) => [
    ...Array.from({ length: 24 }, (_, hour) => new Date(year, month, 1 + month * 2, hour, (hour * 7) % 60)),
    new Date(year, month, 28, 0, 0),
    new Date(year, month, 28, 11, 59),
    new Date(year, month, 28, 12, 0),
    new Date(year, month, 28, 23, 59),
  ]).flat(),
);

// Intl is the oracle here; the product writes dates by hand so that no first screen initialises ICU.
describe('the product’s date format', () => {
  it('writes instants in the long date-and-time format of the reader’s zone, as Intl does in US English', () => {
    const dateAndTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' });
    const dateOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });
    for (const instant of INSTANTS) {
      expect(formatDateTime(instant)).toBe(dateAndTime.format(instant));
      expect(formatDateTime(instant.toISOString())).toBe(dateAndTime.format(instant));
      expect(formatDate(instant)).toBe(dateOnly.format(instant));
    }
    expect(formatDateTime('2026-03-05T12:00:00.000Z')).toMatch(/^March [45], 2026 at \d{1,2}:\d{2}\s?[AP]M$/);
  });

  it('shortens list dates by how recent they are', () => {
    const now = new Date(2026, 2, 5, 18, 0);
    const timeOfDay = new Intl.DateTimeFormat('en-US', { timeStyle: 'short' });
    const dayOfYear = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
    for (const instant of INSTANTS) {
      const sameDay = new Date(2026, 2, 5, instant.getHours(), instant.getMinutes());
      expect(formatListDate(sameDay, now)).toBe(timeOfDay.format(sameDay));
      if (instant.getFullYear() === 2026 && instant.toDateString() !== now.toDateString()) {
        expect(formatListDate(instant, now)).toBe(dayOfYear.format(instant));
      }
    }
    expect(formatListDate(new Date(2026, 2, 5, 9, 30), now)).toMatch(/^9:30\s?AM$/);
    expect(formatListDate(new Date(2026, 0, 2, 9, 30), now)).toBe('Jan 2');
    expect(formatListDate(new Date(2025, 11, 31, 9, 30), now)).toBe('December 31, 2025');
  });
});
