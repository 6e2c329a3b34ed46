import { describe, expect, it } from 'vitest';
import { formatSignedCoins, statusLabel, threadIdOf, transactionTitle } from './transaction-text.ts';

describe('transaction row text', () => {
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
