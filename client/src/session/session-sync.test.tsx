import { type CurrentUser, ErrorCode, SESSION_TEXT, TOASTS } from '@enclave/protocol';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../api/query-client.ts';
import type { ForumSocket } from '../realtime/socket-provider.tsx';
import { usePendingVerification } from '../stores/pending-verification-store.ts';
import { useSessionStore } from '../stores/session-store.ts';
import { useToastStore } from '../stores/toast-store.ts';
import { FakeSocket } from '../testing/fake-socket.ts';
import { aMember, json, mockApi } from '../testing/mock-api.ts';
import { useSessionSync } from './session-sync.tsx';
import { SESSION_ENDING_KEY, SESSION_QUERY_KEY } from './use-session.ts';

function SessionSyncProbe({ socket, goToAuth }: { socket: ForumSocket; goToAuth: () => void }) {
  useSessionSync(socket, goToAuth);
  return null;
}

async function renderSync(member: CurrentUser | null) {
  mockApi({ 'GET /api/user': member ? json(member) : json({ message: 'You must be logged in' }, 401) });
  const queryClient = createQueryClient();
  const socket = new FakeSocket();
  // Spied on, to watch the socket reconnect.
  vi.spyOn(socket, 'disconnect');
  vi.spyOn(socket, 'connect');
  const push: FakeSocket['push'] = (...args) => act(() => socket.push(...args));
  const goToAuth = vi.fn();
  render(
    <QueryClientProvider client={queryClient}>
      <SessionSyncProbe socket={socket.asSocket()} goToAuth={goToAuth} />
    </QueryClientProvider>,
  );
  await waitFor(() => expect(queryClient.getQueryState(SESSION_QUERY_KEY)?.status).toBe('success'));
  const cachedUser = () => queryClient.getQueryData<CurrentUser | null>(SESSION_QUERY_KEY);
  return { queryClient, socket, push, goToAuth, cachedUser };
}

describe('the live session', () => {
  beforeEach(() => {
    useToastStore.setState({ toasts: [] });
    usePendingVerification.getState().clear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('writes a pushed balance into the cached user, so the header shows it', async () => {
    const { push, cachedUser } = await renderSync(aMember({ coinBalance: 250 }));
    push('wallet:balance', { balance: 1250 });
    expect(cachedUser()?.coinBalance).toBe(1250);
  });

  it('signs the tab out when the server revokes the session, and says why', async () => {
    const { push, cachedUser, goToAuth } = await renderSync(aMember());
    push('session:revoked', { reason: 'banned' });

    expect(cachedUser()).toBeNull();
    expect(useToastStore.getState().toasts[0]).toMatchObject({
      variant: 'destructive',
      title: SESSION_TEXT.signedOut,
      description: SESSION_TEXT.revoked.banned,
    });
    await waitFor(() => expect(goToAuth).toHaveBeenCalledOnce());
  });

  it('signs the tab out when its socket comes back to a session that ended while it was away', async () => {
    const { socket, cachedUser, goToAuth } = await renderSync(aMember());
    act(() => socket.refuse({ code: ErrorCode.SessionEnded }));

    expect(cachedUser()).toBeNull();
    expect(useToastStore.getState().toasts[0]).toMatchObject({ description: SESSION_TEXT.revoked.ended });
    await waitFor(() => expect(goToAuth).toHaveBeenCalledOnce());
  });

  it("leaves the tab's own logout, password change or deletion to that flow", async () => {
    const { push, cachedUser, goToAuth, queryClient } = await renderSync(aMember());
    void queryClient
      .getMutationCache()
      .build(queryClient, {
        mutationKey: [...SESSION_ENDING_KEY, 'change-password'],
        mutationFn: () => new Promise(() => {}),
      })
      .execute(undefined);
    push('session:revoked', { reason: 'password_changed' });

    expect(cachedUser()).not.toBeNull();
    expect(goToAuth).not.toHaveBeenCalled();
  });

  it('connects the socket again when the signed-in member changes or gets a new cookie', async () => {
    const { socket, queryClient } = await renderSync(null);
    expect(socket.connect).not.toHaveBeenCalled();

    act(() => queryClient.setQueryData(SESSION_QUERY_KEY, aMember()));
    await waitFor(() => expect(socket.connect).toHaveBeenCalledTimes(1));
    expect(socket.disconnect).toHaveBeenCalledTimes(1);

    act(() => useSessionStore.getState().renew());
    await waitFor(() => expect(socket.connect).toHaveBeenCalledTimes(2));
  });

  it('clears a pending registration and says so when the email was verified elsewhere', async () => {
    usePendingVerification
      .getState()
      .start({ id: 7, username: 'alice', email: 'alice@example.com', isEmailVerified: false });
    const { queryClient } = await renderSync(aMember({ isEmailVerified: false }));
    expect(usePendingVerification.getState().email).toBe('alice@example.com');

    act(() => queryClient.setQueryData(SESSION_QUERY_KEY, aMember({ isEmailVerified: true })));
    await waitFor(() => expect(usePendingVerification.getState().email).toBeNull());
    expect(useToastStore.getState().toasts[0]).toMatchObject(TOASTS.emailVerified);
    expect(sessionStorage.getItem('pendingVerificationEmail')).toBeNull();
  });
});
