import { TOASTS, VERIFICATION_TEXT } from '@enclave/protocol';
import { useNavigate } from '@tanstack/react-router';
import { CircleCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { AuthPanel } from '../auth/auth-panel.tsx';
import { VerificationGate } from '../auth/verification-gate.tsx';
import { LinkButton } from '../components/button.tsx';
import { statementTitle } from '../components/card.css.ts';
import { PageSpinner } from '../components/page-spinner.tsx';
import { useSession } from '../session/use-session.ts';
import { usePendingVerification } from '../stores/pending-verification-store.ts';
import * as styles from './auth-page.css.ts';

/** How long a member who came to /auth signed in and verified reads 'Email verified!' before going home. */
const SIGNED_IN_REDIRECT_MS = 2000;

/**
 * Spec 000 §2 and §4: login and register; a signed-in member moves on home, a pending one verifies first. Whoever
 * signs in on this page goes home at once; whoever came signed in and verified (or whose pending email was
 * verified elsewhere meanwhile) is told 'Email verified!' with a Go to Homepage button first.
 */
export function AuthPage() {
  const { user, isLoading } = useSession();
  const pendingEmail = usePendingVerification((state) => state.email);
  const cameSignedOut = useRef<boolean | null>(null);
  if (isLoading) return <PageSpinner />;
  cameSignedOut.current ??= !user && !pendingEmail;
  if (user?.isEmailVerified) return <SignedIn delayMs={cameSignedOut.current ? 0 : SIGNED_IN_REDIRECT_MS} />;
  if (user || pendingEmail) return <VerificationGate variant="public" />;
  return <AuthPanel />;
}

function SignedIn({ delayMs }: { delayMs: number }) {
  const navigate = useNavigate();
  useEffect(() => {
    const redirect = setTimeout(() => void navigate({ to: '/', replace: true }), delayMs);
    return () => clearTimeout(redirect);
  }, [navigate, delayMs]);
  return (
    <section className={styles.signedIn} role="status">
      <CircleCheck className={styles.signedInIcon} size={40} aria-hidden />
      <h1 className={statementTitle}>{TOASTS.emailVerified.title}</h1>
      <p className={styles.signedInText}>{VERIFICATION_TEXT.redirectingHome}</p>
      <LinkButton to="/">{VERIFICATION_TEXT.goHome}</LinkButton>
    </section>
  );
}
