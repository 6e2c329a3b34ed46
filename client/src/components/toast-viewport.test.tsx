import { TIMINGS, TOAST_SWIPE_THRESHOLD } from '@enclave/protocol';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast, useToastStore } from '../stores/toast-store.ts';
import { ToastViewport } from './toast-viewport.tsx';

function swipe(element: HTMLElement, distance: number) {
  fireEvent.pointerDown(element, { clientX: 100, pointerId: 1 });
  fireEvent.pointerMove(element, { clientX: 100 + distance, pointerId: 1 });
  fireEvent.pointerUp(element, { clientX: 100 + distance, pointerId: 1 });
}

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    useToastStore.setState({ toasts: [] });
    render(<ToastViewport />);
  });
  afterEach(() => vi.useRealTimers());

  it('shows one toast at a time: a new one replaces the old', () => {
    act(() => void toast({ title: 'First' }));
    act(() => void toast({ title: 'Second', description: 'Newer news' }));

    expect(screen.queryByText('First')).toBeNull();
    expect(screen.getByText('Second')).toBeTruthy();
    expect(screen.getByText('Newer news')).toBeTruthy();
    expect(screen.getAllByRole('status')).toHaveLength(1);
  });

  it('announces a destructive toast as an alert', () => {
    act(() => void toast({ title: 'Error (500)', description: 'Boom', variant: 'destructive' }));
    expect(screen.getByRole('alert').textContent).toContain('Boom');
  });

  it('goes away by itself after the default duration', () => {
    act(() => void toast({ title: 'Saved' }));

    act(() => vi.advanceTimersByTime(TIMINGS.toastDuration - 1));
    expect(screen.getByText('Saved')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Saved')).toBeNull();
  });

  it('is dismissed by a swipe to the right of at least the threshold', () => {
    act(() => void toast({ title: 'Swipe me' }));
    swipe(screen.getByRole('status'), TOAST_SWIPE_THRESHOLD);
    expect(screen.queryByText('Swipe me')).toBeNull();
  });

  it('springs back after a shorter swipe', () => {
    act(() => void toast({ title: 'Stay' }));
    swipe(screen.getByRole('status'), TOAST_SWIPE_THRESHOLD - 1);
    expect(screen.getByText('Stay')).toBeTruthy();
    expect(screen.getByRole('status').style.transform).toBe('');
  });

  it('keeps a dismissed toast in the store until the removal delay has passed', () => {
    act(() => void toast({ title: 'Later' }).dismiss());
    expect(useToastStore.getState().toasts).toMatchObject([{ title: 'Later', open: false }]);
    act(() => vi.advanceTimersByTime(TIMINGS.toastRemoveDelay));
    expect(useToastStore.getState().toasts).toEqual([]);
  });

  it('is closed by its close button', () => {
    act(() => void toast({ title: 'Closable' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Closable')).toBeNull();
  });

  it('moves focus to the notifications region on F8', () => {
    const region = screen.getByRole('region', { name: 'Notifications (F8)' });
    fireEvent.keyDown(document, { key: 'F8' });
    expect(region.contains(document.activeElement)).toBe(true);
  });
});
