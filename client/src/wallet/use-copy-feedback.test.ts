import { TIMINGS, WALLET_TEXT } from '@enclave/protocol';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../stores/toast-store.ts';
import { BTC_ADDRESS } from '../testing/wallet.ts';
import { useCopyFeedback } from './use-copy-feedback.ts';

describe(`copying the address ('${WALLET_TEXT.copied}')`, () => {
  const writeText = vi.fn<(text: string) => Promise<void>>();
  beforeEach(() => {
    vi.useFakeTimers();
    writeText.mockReset().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    useToastStore.setState({ toasts: [] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('copies, then shows the feedback for exactly 2 s', async () => {
    const { result } = renderHook(() => useCopyFeedback());
    await act(() => result.current.copy(BTC_ADDRESS));
    expect(writeText).toHaveBeenCalledWith(BTC_ADDRESS);
    expect(result.current.copied).toBe(true);

    act(() => vi.advanceTimersByTime(TIMINGS.copiedFeedback - 1));
    expect(result.current.copied).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.copied).toBe(false);
  });

  it('restarts the 2 s on a second copy', async () => {
    const { result } = renderHook(() => useCopyFeedback());
    await act(() => result.current.copy(BTC_ADDRESS));
    act(() => vi.advanceTimersByTime(1500));
    await act(() => result.current.copy(BTC_ADDRESS));
    act(() => vi.advanceTimersByTime(1500));
    expect(result.current.copied).toBe(true);
    act(() => vi.advanceTimersByTime(500));
    expect(result.current.copied).toBe(false);
  });

  it('shows no feedback and says so when the clipboard refuses', async () => {
    writeText.mockRejectedValue(new Error('denied'));
    const { result } = renderHook(() => useCopyFeedback());
    await act(() => result.current.copy(BTC_ADDRESS));
    expect(result.current.copied).toBe(false);
    expect(useToastStore.getState().toasts[0]).toMatchObject({ variant: 'destructive', title: 'Copy failed' });
  });
});
