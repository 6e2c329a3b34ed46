import { describe, expect, it } from 'vitest';
import { parseMuteHours, parseUserId } from './lookup-input.ts';

describe('the lookup and mute inputs', () => {
  it('takes a user ID only as a positive whole number', () => {
    expect(parseUserId(' 42 ')).toBe(42);
    expect(['', 'abc', '4.2', '-1', '0', '1e3'].map(parseUserId)).toEqual([null, null, null, null, null, null]);
  });

  it('takes 1 to 720 whole hours', () => {
    expect(['1', '24', '720'].map(parseMuteHours)).toEqual([1, 24, 720]);
    expect(['', ' ', 'x', '0', '721', '2.5'].map(parseMuteHours)).toEqual([null, null, null, null, null, null]);
  });
});
