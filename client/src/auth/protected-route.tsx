import { AUTH_TEXT, TIMINGS } from '@enclave/protocol';
import { type AsyncRouteComponent, Navigate } from '@tanstack/react-router';
import { LoaderCircle } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { PageSpinner } from '../components/page-spinner.tsx';
import { isStaff, useSession } from '../session/use-session.ts';
import { useSessionStore } from '../stores/session-store.ts';
import * as styles from './protected-route.css.ts';

const VerificationGate = lazy(() =>
  import('./verification-gate.tsx').then((module) => ({ default: module.VerificationGate })),
);

/** 'member': signed in with a verified email (spec 000 §6); 'staff': also an admin or moderator (spec 001 §2). */
export type Access = 'member' | 'staff';

/** Spec 000 §2, protected route behaviour. */
export function ProtectedRoute({ access = 'member', children }: { access?: Access; children: ReactNode }) {
  const { user, isLoading } = useSession();
  if (isLoading) return <PageSpinner />;
  if (!user) return <RedirectingToLogin />;
  if (!user.isEmailVerified) {
    return (
      <Suspense fallback={<PageSpinner />}>
        <VerificationGate variant="protected" />
      </Suspense>
    );
  }
  // Staff who must add a second factor first (issue #27) see the console say so, whatever abilities they are sent.
  if (access === 'staff' && !isStaff(user) && !user.mustAddSecondFactor) return <Navigate to="/" replace />;
  return children;
}

/** A route's lazy page behind the gate; the router still preloads the page's code. */
export function protectedPage(Page: AsyncRouteComponent<unknown>, access: Access = 'member') {
  function GuardedPage() {
    return (
      <ProtectedRoute access={access}>
        <Page />
      </ProtectedRoute>
    );
  }
  return Object.assign(GuardedPage, { preload: Page.preload });
}

function RedirectingToLogin() {
  const isLeaving = useSessionStore((state) => state.isLeaving);
  useEffect(() => {
    // A tab that just signed out is already on its way to /auth, with a toast a reload would drop.
    if (isLeaving) return;
    const timer = setTimeout(() => window.location.assign('/auth'), TIMINGS.redirectToAuth);
    return () => clearTimeout(timer);
  }, [isLeaving]);
  return (
    <div className={styles.redirecting} role="status">
      <LoaderCircle className={styles.spinner} size={28} aria-hidden />
      {AUTH_TEXT.redirectingToLogin}
    </div>
  );
}
