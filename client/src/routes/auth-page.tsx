import { TOASTS, VERIFICATION_TEXT } from '@enclave/protocol';
import { useNavigate } from '@tanstack/react-router';
import { CircleCheck } from 'lucide-react';
import { useEffect } from 'react';
import { AuthPanel } from '../auth/auth-panel.tsx';
import { VerificationGate } from '../auth/verification-gate.tsx';
import { LinkButton } from '../components/button.tsx';
import { statementTitle } from '../components/card.css.ts';
import { PageSpinner } from '../components/page-spinner.tsx';
import { useSession } from '../session/use-session.ts';
import { usePendingVerification } from '../stores/pending-verification-store.ts';
import * as styles from './auth-page.css.ts';

/** Spec 000 §2 and §4: login and register; a signed-in member moves on home, a pending one verifies first. */
export function AuthPage() {
  const { user, isLoading } = useSession();
  const pendingEmail = usePendingVerification((state) => state.email);
  if (isLoading) return <PageSpinner />;
  if (user?.isEmailVerified) return <SignedIn />;
  if (user || pendingEmail) return <VerificationGate variant="public" />;
  return <AuthPanel />;
}

function SignedIn() {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate({ to: '/', replace: true });
  }, [navigate]);
  return (
    <section className={styles.signedIn} role="status">
      <CircleCheck className={styles.signedInIcon} size={40} aria-hidden />
      <h1 className={statementTitle}>{TOASTS.emailVerified.title}</h1>
      <p className={styles.signedInText}>{VERIFICATION_TEXT.redirectingHome}</p>
      <LinkButton to="/">{VERIFICATION_TEXT.goHome}</LinkButton>
    </section>
  );
}
