import { AUTH_TEXT } from '@enclave/protocol';
import { MailWarning } from 'lucide-react';
import { EmailVerification, type GateVariant, VerificationSuccessful } from './email-verification.tsx';
import { useVerifyEmail } from './use-verification.ts';
import * as styles from './verification-gate.css.ts';

/** Spec 000 §2: shown instead of the page while the member's email is unverified; once verified, only the success. */
export function VerificationGate({ variant }: { variant: GateVariant }) {
  const verify = useVerifyEmail();
  if (verify.isSuccess) return <VerificationSuccessful />;
  return (
    <div className={styles.gate}>
      <header className={styles.header}>
        <span className={styles.icon} aria-hidden>
          <MailWarning size={28} />
        </span>
        <h1 className={styles.title}>{AUTH_TEXT.verificationRequiredTitle}</h1>
        <p className={styles.text}>
          {variant === 'protected' ? AUTH_TEXT.verificationRequiredProtected : AUTH_TEXT.verificationRequiredPublic}
        </p>
      </header>
      <EmailVerification verify={verify} />
    </div>
  );
}
