import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatListDate } from './dates.ts';

describe('the product’s date format', () => {
  it('writes instants in the long date-and-time format of the reader’s zone', () => {
    const iso = '2026-03-05T12:00:00.000Z';
    expect(formatDateTime(iso)).toBe(
      new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso)),
    );
    expect(formatDateTime(iso)).toMatch(/^March [45], 2026 at \d{1,2}:\d{2}\s?[AP]M$/);
    expect(formatDate(iso)).toMatch(/^March [45], 2026$/);
  });

  it('shortens list dates by how recent they are', () => {
    const now = new Date(2026, 2, 5, 18, 0);
    expect(formatListDate(new Date(2026, 2, 5, 9, 30), now)).toMatch(/^9:30\s?AM$/);
    expect(formatListDate(new Date(2026, 0, 2, 9, 30), now)).toBe('Jan 2');
    expect(formatListDate(new Date(2025, 11, 31, 9, 30), now)).toBe('December 31, 2025');
  });
});
