import { TIMINGS } from '@enclave/protocol';
import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SIDEBAR_EXPANDED_KEY, useUiStore } from '../stores/ui-store.ts';
import { renderApp, stubSignedOut } from '../testing/render-app.tsx';

describe('side menu', () => {
  beforeEach(() => {
    stubSignedOut();
    localStorage.clear();
    useUiStore.setState({ isSidebarOpen: false, isSidebarVisible: false, isSidebarExpanded: true });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('remembers in localStorage whether the desktop menu is collapsed', async () => {
    const user = userEvent.setup();
    renderApp('/privacy');

    await user.click(await screen.findByRole('button', { name: 'Collapse menu' }));
    expect(localStorage.getItem(SIDEBAR_EXPANDED_KEY)).toBe('false');

    await user.click(screen.getByRole('button', { name: 'Expand menu' }));
    expect(localStorage.getItem(SIDEBAR_EXPANDED_KEY)).toBe('true');
  });

  it("labels the collapsed menu's icons with tooltips, after the spec's delay", async () => {
    // The tooltip's code loads as the menu collapses. Its first import here compiles react-aria, which can outlast the
    // clicks below, so it is compiled before; a browser loads the built chunk in a few milliseconds.
    await import('./menu-tooltip.tsx');
    const user = userEvent.setup();
    renderApp('/privacy');
    await user.click(await screen.findByRole('button', { name: 'Collapse menu' }));

    const menu = screen.getByRole('complementary', { name: 'Side menu' });
    const forums = [...menu.querySelectorAll('a')].find((link) => link.textContent === 'Forums') as HTMLElement;
    await user.hover(forums);
    expect(await screen.findByRole('tooltip', { name: 'Forums' }, { timeout: 5000 })).toBeTruthy();
  });

  it('starts collapsed when the stored value says so, and expanded by default', async () => {
    vi.resetModules();
    expect((await import('../stores/ui-store.ts')).useUiStore.getState().isSidebarExpanded).toBe(true);

    localStorage.setItem(SIDEBAR_EXPANDED_KEY, 'false');
    vi.resetModules();
    expect((await import('../stores/ui-store.ts')).useUiStore.getState().isSidebarExpanded).toBe(false);
  });

  it('highlights the current page', async () => {
    renderApp('/privacy');
    const menu = await screen.findByRole('complementary', { name: 'Side menu' });
    const privacy = [...menu.querySelectorAll('a')].find((link) => link.textContent === 'Privacy');
    expect(privacy?.getAttribute('aria-current')).toBe('page');
    const home = [...menu.querySelectorAll('a')].find((link) => link.textContent === 'Home');
    expect(home?.hasAttribute('aria-current')).toBe(false);
  });

  it('opens as a drawer, closes when the backdrop is tapped, and stays visible while it slides out', async () => {
    const user = userEvent.setup();
    renderApp('/privacy');

    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' }, { timeout: 5000 });
    const backdrop = drawer.parentElement?.parentElement as HTMLElement;

    // Fake time from here on, so that the 300 ms can be stepped through exactly.
    vi.useFakeTimers();
    fireEvent.pointerDown(backdrop, { pointerId: 1, button: 0 });
    fireEvent.pointerUp(backdrop, { pointerId: 1, button: 0 });
    fireEvent.click(backdrop);
    expect(useUiStore.getState().isSidebarOpen).toBe(false);
    act(() => vi.advanceTimersByTime(TIMINGS.sidebarCloseVisibility - 10));
    expect(screen.getByRole('dialog', { name: 'Menu' })).toBeTruthy();

    act(() => vi.advanceTimersByTime(10));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull();
  });
});
