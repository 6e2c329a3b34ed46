import { describe, expect, it } from 'vitest';
import {
  formatSignedCoins,
  formatTransactionDate,
  statusLabel,
  threadIdOf,
  transactionTitle,
} from './transaction-text.ts';

describe('transaction row text', () => {
  it('writes dates in the long date-and-time format', () => {
    const iso = '2026-03-05T10:00:00.000Z';
    expect(formatTransactionDate(iso)).toBe(
      new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso)),
    );
    expect(formatTransactionDate('2026-03-05T12:00:00.000Z')).toMatch(/^March 5, 2026 at \d{1,2}:\d{2}\s?[AP]M$/);
  });

  it('signs coin amounts: + for credits, - for debits', () => {
    expect(formatSignedCoins(1000)).toBe('+1,000');
    expect(formatSignedCoins(-250)).toBe('-250');
    expect(formatSignedCoins(0)).toBe('0');
  });

  it('labels the three statuses and shows any other status as received', () => {
    expect(statusLabel('completed')).toBe('Completed');
    expect(statusLabel('pending')).toBe('Pending');
    expect(statusLabel('failed')).toBe('Failed');
    expect(statusLabel('on_hold')).toBe('on_hold');
  });

  it('names the entry, falling back to the spec type', () => {
    expect(transactionTitle({ entryType: 'unlock', transactionType: 'unlock_content' })).toBe(
      'Premium discussion unlock',
    );
    expect(transactionTitle({ entryType: 'bonus', transactionType: 'other' })).toBe('Other');
  });

  it('finds the thread a row was for', () => {
    expect(threadIdOf('thread:12')).toBe(12);
    expect(threadIdOf('payment:sc-1')).toBeNull();
    expect(threadIdOf(null)).toBeNull();
  });
});
