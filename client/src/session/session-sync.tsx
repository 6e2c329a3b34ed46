import { type CurrentUser, ErrorCode, SESSION_TEXT, type SessionEndReason, TOASTS } from '@enclave/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef } from 'react';
import { listen } from '../realtime/listen.ts';
import { type ForumSocket, useSocket } from '../realtime/socket-provider.tsx';
import { usePendingVerification } from '../stores/pending-verification-store.ts';
import { useSessionStore } from '../stores/session-store.ts';
import { toast } from '../stores/toast-store.ts';
import { endSession, SESSION_ENDING_KEY, SESSION_QUERY_KEY, useSession } from './use-session.ts';

type GoToAuth = () => Promise<void> | void;

/** Keeps this tab's session in step with the server; mounted once, inside the socket provider. */
export function SessionSync({ goToAuth }: { goToAuth: GoToAuth }) {
  useSessionSync(useSocket(), goToAuth);
  return null;
}

export function useSessionSync(socket: ForumSocket | null, goToAuth: GoToAuth) {
  useSessionEvents(socket, goToAuth);
  useSocketIdentity(socket);
  useVerifiedElsewhere();
}

/** Pushed sign-outs (ban, password change or logout elsewhere, deletion) and coin balances. */
function useSessionEvents(socket: ForumSocket | null, goToAuth: GoToAuth) {
  const queryClient = useQueryClient();
  const leave = useEffectEvent(goToAuth);
  const signOut = useEffectEvent((reason: SessionEndReason) => {
    // This tab's own logout, password change or deletion revokes its session too; that flow reports it.
    if (queryClient.isMutating({ mutationKey: SESSION_ENDING_KEY }) > 0) return;
    if (!queryClient.getQueryData(SESSION_QUERY_KEY)) return;
    const notice = {
      variant: 'destructive' as const,
      title: SESSION_TEXT.signedOut,
      description: SESSION_TEXT.revoked[reason],
    };
    endSession(queryClient, notice, leave, 0);
  });

  // A socket that comes back to a session that ended while it was away is refused at its handshake.
  useEffect(() => {
    if (!socket) return;
    const onRefused = (error: Error & { data?: { code?: string } }) => {
      if (error.data?.code === ErrorCode.SessionEnded) signOut('ended');
    };
    socket.on('connect_error', onRefused);
    return () => {
      socket.off('connect_error', onRefused);
    };
  }, [socket]);

  useEffect(
    () =>
      listen(socket, {
        'session:revoked': ({ reason }) => signOut(reason),
        'wallet:balance': ({ balance }) => {
          queryClient.setQueryData<CurrentUser | null>(SESSION_QUERY_KEY, (user) =>
            user ? { ...user, coinBalance: balance } : user,
          );
        },
      }),
    [socket, queryClient],
  );
}

/** The socket authenticates once, at its handshake: after a sign-in, sign-out or new cookie it connects again. */
function useSocketIdentity(socket: ForumSocket | null) {
  const { user, isLoading } = useSession();
  const renewals = useSessionStore((state) => state.renewals);
  const identity = isLoading ? null : `${user?.id ?? 'visitor'}#${renewals}`;
  const connectedAs = useRef<string | null>(null);

  useEffect(() => {
    // A socket that arrives later shakes hands with the cookie of that moment.
    if (identity === null || !socket) return;
    if (connectedAs.current !== null && connectedAs.current !== identity) socket.disconnect().connect();
    connectedAs.current = identity;
  }, [identity, socket]);
}

/**
 * Spec 000 §4: when the server reports the email verified while this tab still holds a pending registration,
 * the pending data goes and 'Email verified!' shows. What was read while unverified is read again (the spec's reload).
 */
function useVerifiedElsewhere() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const pendingEmail = usePendingVerification((state) => state.email);
  const clearPending = usePendingVerification((state) => state.clear);
  const isVerified = user ? user.isEmailVerified : null;
  const wasVerified = useRef(isVerified);

  useEffect(() => {
    if (isVerified && pendingEmail) {
      clearPending();
      toast(TOASTS.emailVerified);
    }
    if (wasVerified.current === false && isVerified) {
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0] });
    }
    wasVerified.current = isVerified;
  }, [isVerified, pendingEmail, clearPending, queryClient]);
}
