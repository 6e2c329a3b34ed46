import { AUTH_TEXT, TIMINGS, TOASTS, VERIFICATION_TEXT } from '@enclave/protocol';
import { act, configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_QUERY_KEY } from '../session/use-session.ts';
import { useToastStore } from '../stores/toast-store.ts';
import { aMember, callsTo, json, mockApi, signedOut } from '../testing/mock-api.ts';
import { renderApp } from '../testing/render-app.tsx';

// A page's first render loads its lazy chunk, which takes seconds while the whole suite runs.
configure({ asyncUtilTimeout: 10_000 });

describe('the protected-route gate', { timeout: 20_000 }, () => {
  beforeEach(() => useToastStore.setState({ toasts: [] }));
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('shows a spinner while the user loads', async () => {
    mockApi({});
    renderApp('/messages');
    expect(await screen.findByText('Loading…')).toBeTruthy();
  });

  it('tells a visitor it is redirecting, then hard-redirects to /auth after 100 ms', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    mockApi({ 'GET /api/user': json(aMember()) });
    const { queryClient } = renderApp('/wallet');
    await screen.findByRole('heading', { name: 'Wallet' });

    vi.useFakeTimers();
    act(() => queryClient.setQueryData(SESSION_QUERY_KEY, null));
    // The query cache tells its observers on the next tick.
    act(() => vi.advanceTimersByTime(0));
    expect(screen.getByText(AUTH_TEXT.redirectingToLogin)).toBeTruthy();
    act(() => vi.advanceTimersByTime(TIMINGS.redirectToAuth - 1));
    expect(assign).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(assign).toHaveBeenCalledWith('/auth');
  });

  it('redirects a visitor who opens a member page to /auth', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    mockApi({ 'GET /api/user': signedOut });
    renderApp('/profile');
    expect(await screen.findByText(AUTH_TEXT.redirectingToLogin)).toBeTruthy();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/auth'));
  });

  it.each(['/messages', '/wallet', '/profile', '/transactions', '/edit-thread/3', '/admin'])(
    'stands in front of %s for a member whose email is unverified',
    async (path) => {
      mockApi({ 'GET /api/user': json(aMember({ isEmailVerified: false, isAdmin: true })) });
      renderApp(path);
      expect(await screen.findByRole('heading', { name: AUTH_TEXT.verificationRequiredTitle })).toBeTruthy();
      expect(screen.getByText(AUTH_TEXT.verificationRequiredProtected)).toBeTruthy();
      expect(screen.getByRole('heading', { name: VERIFICATION_TEXT.whyTitle })).toBeTruthy();
      expect(screen.getByRole('button', { name: VERIFICATION_TEXT.logout })).toBeTruthy();
    },
  );

  it('refreshes the user every 3 s while the email is unverified', async () => {
    const fetchMock = mockApi({ 'GET /api/user': json(aMember({ isEmailVerified: false })) });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderApp('/wallet');
    await screen.findByRole('heading', { name: AUTH_TEXT.verificationRequiredTitle });
    const before = callsTo(fetchMock, 'GET /api/user').length;

    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.userRefreshWhileVerifying));
    expect(callsTo(fetchMock, 'GET /api/user').length).toBe(before + 1);
  });

  it('shows the page once the refreshed user is verified', async () => {
    let verified = false;
    mockApi({ 'GET /api/user': () => Response.json(aMember({ isEmailVerified: verified })) });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderApp('/wallet');
    await screen.findByRole('heading', { name: AUTH_TEXT.verificationRequiredTitle });

    verified = true;
    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.userRefreshWhileVerifying));
    expect(await screen.findByRole('heading', { name: 'Wallet' })).toBeTruthy();
  });

  it('logs out from the gate, says so, and goes to /auth after 500 ms', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    mockApi({
      'GET /api/user': json(aMember({ isEmailVerified: false })),
      'POST /api/logout': json({ message: 'Logged out' }),
    });
    const { router } = renderApp('/wallet');
    await userEvent.setup().click(await screen.findByRole('button', { name: VERIFICATION_TEXT.logout }));

    await waitFor(() => expect(useToastStore.getState().toasts[0]).toMatchObject(TOASTS.loggedOut));
    expect(screen.getByText(AUTH_TEXT.redirectingToLogin)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/wallet');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'), { timeout: 2000 });
    // The soft navigation keeps the 'Logged out' toast; a hard redirect would have dropped it.
    expect(assign).not.toHaveBeenCalled();
  });

  it('sends a member who is not staff away from /admin', async () => {
    mockApi({ 'GET /api/user': json(aMember()) });
    const { router } = renderApp('/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('lets a moderator into /admin and a verified member into /wallet', async () => {
    mockApi({ 'GET /api/user': json(aMember({ isModerator: true })) });
    renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Admin Console' })).toBeTruthy();
  });
});
