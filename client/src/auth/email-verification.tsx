import { LIMITS, VALIDATION, VERIFICATION_TEXT } from '@enclave/protocol';
import { useNavigate } from '@tanstack/react-router';
import { BellRing, CircleCheck, MailCheck, ShieldCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button, LinkButton } from '../components/button.tsx';
import * as features from '../components/feature-list.css.ts';
import { TextField } from '../components/text-field.tsx';
import { useCountdown } from '../components/use-countdown.ts';
import { Form } from '../forms/form.tsx';
import { useLogout, useSession } from '../session/use-session.ts';
import { usePendingVerification } from '../stores/pending-verification-store.ts';
import * as styles from './email-verification.css.ts';
import { useResendCode, type useVerifyEmail } from './use-verification.ts';

/** 'protected' guards a member page; 'public' completes a registration on /auth. */
export type GateVariant = 'protected' | 'public';

interface EmailVerificationProps {
  /** Owned by the gate, which shows only the success once the code is accepted. */
  verify: ReturnType<typeof useVerifyEmail>;
}

/**
 * Spec 000 §2: the email verification screen, with the reasons to verify beside the code form. A signed-in member
 * is offered Logout, on a member page and on /auth alike: 'Go to Login Page' would lead back to this same screen.
 * Only a registration remembered without a session (its cookie gone) is offered the login form instead.
 */
export function EmailVerification({ verify }: EmailVerificationProps) {
  const { user } = useSession();
  const pending = usePendingVerification();
  const email = user?.email ?? pending.email;
  const [code, setCode] = useState('');
  const cooldown = useCountdown();
  const resend = useResendCode(cooldown.start);
  const logout = useLogout();
  const navigate = useNavigate();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim()) verify.mutate({ code, email });
  };
  const leave = () => {
    if (user) return logout.mutate();
    pending.clear();
    void navigate({ to: '/auth' });
  };

  return (
    <div className={styles.columns}>
      <section className={styles.card} aria-labelledby="verify-email-title">
        <span className={styles.badge} aria-hidden>
          <MailCheck size={24} />
        </span>
        <h2 id="verify-email-title" className={styles.cardTitle}>
          {VERIFICATION_TEXT.title}
        </h2>
        <p className={styles.muted}>
          {email ? VERIFICATION_TEXT.codeSentTo(email) : VALIDATION.noEmailForVerification}
        </p>
        {pending.testCode && (
          <p className={styles.devNotice} role="note">
            {VERIFICATION_TEXT.developmentCode(pending.testCode)}
          </p>
        )}
        <Form className={styles.form} onSubmit={submit}>
          <TextField
            label={VERIFICATION_TEXT.codeLabel}
            value={code}
            onChange={setCode}
            maxLength={LIMITS.verificationCodeLength}
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder="6-digit code"
          />
          <Button type="submit" size="lg" isDisabled={!code.trim() || verify.isPending}>
            {VERIFICATION_TEXT.verify}
          </Button>
        </Form>
        <p className={styles.resend}>
          {VERIFICATION_TEXT.didntReceive}
          <Button
            variant="ghost"
            size="sm"
            className={styles.resendButton}
            onPress={() => resend.mutate(email)}
            isDisabled={resend.isPending || cooldown.secondsLeft > 0}
          >
            {cooldown.secondsLeft > 0 ? VERIFICATION_TEXT.resendIn(cooldown.secondsLeft) : VERIFICATION_TEXT.resend}
          </Button>
        </p>
      </section>

      <aside className={styles.card} aria-labelledby="why-verify-title">
        <h2 id="why-verify-title" className={styles.cardTitle}>
          {VERIFICATION_TEXT.whyTitle}
        </h2>
        <ul className={features.list}>
          <li className={features.item}>
            <ShieldCheck className={styles.reasonIcon} size={20} aria-hidden />
            <span className={styles.reasonText}>
              <strong>{VERIFICATION_TEXT.securityTitle}</strong>
              <span className={styles.muted}>{VERIFICATION_TEXT.securityText}</span>
            </span>
          </li>
          <li className={features.item}>
            <BellRing className={styles.reasonIcon} size={20} aria-hidden />
            <span className={styles.reasonText}>
              <strong>{VERIFICATION_TEXT.communicationsTitle}</strong>
              <span className={styles.muted}>{VERIFICATION_TEXT.communicationsText}</span>
            </span>
          </li>
        </ul>
        <div className={styles.actions}>
          <LinkButton to="/" variant="secondary">
            {VERIFICATION_TEXT.goHome}
          </LinkButton>
          <Button variant="ghost" onPress={leave} isDisabled={logout.isPending}>
            {user ? VERIFICATION_TEXT.logout : VERIFICATION_TEXT.goToLogin}
          </Button>
        </div>
      </aside>
    </div>
  );
}

export function VerificationSuccessful() {
  return (
    <section className={styles.success} role="status">
      <CircleCheck className={styles.successIcon} size={40} aria-hidden />
      <h2 className={styles.cardTitle}>{VERIFICATION_TEXT.successTitle}</h2>
      <p className={styles.muted}>{VERIFICATION_TEXT.redirectingHome}</p>
    </section>
  );
}
