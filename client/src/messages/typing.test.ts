import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { typingStarted, typingStopped, useTypingNames } from './typing.ts';

afterEach(() => {
  for (const id of [1, 2]) typingStopped(id);
  vi.useRealTimers();
});

describe('who is writing to this member', () => {
  it('shows a writer until 6 s after their last packet, a new packet keeping them', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useTypingNames());
    act(() => typingStarted({ fromUserId: 1, username: 'ada' }));
    expect(result.current).toEqual(['ada']);
    act(() => vi.advanceTimersByTime(5000));
    act(() => typingStarted({ fromUserId: 1, username: 'ada' }));
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current).toEqual(['ada']);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current).toEqual([]);
  });

  it('filters by the conversation (id) or the dialog (name, any case), and a stop ends it at once', () => {
    const { result: all } = renderHook(() => useTypingNames());
    const { result: byId } = renderHook(() => useTypingNames({ id: 2 }));
    const { result: byName } = renderHook(() => useTypingNames({ username: ' ADA ' }));
    act(() => {
      typingStarted({ fromUserId: 1, username: 'ada' });
      typingStarted({ fromUserId: 2, username: 'ben' });
    });
    expect(all.current).toEqual(['ada', 'ben']);
    expect(byId.current).toEqual(['ben']);
    expect(byName.current).toEqual(['ada']);
    act(() => typingStopped(1));
    expect(all.current).toEqual(['ben']);
    expect(byName.current).toEqual([]);
  });
});
