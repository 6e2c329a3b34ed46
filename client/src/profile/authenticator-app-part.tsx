import { type AuthenticatorAppSetup, FACTOR_TEXT, type SecurityFactors } from '@enclave/protocol';
import { Smartphone } from 'lucide-react';
import { useId, useState } from 'react';
import { ProofForm } from '../auth/proof-form.tsx';
import { Button } from '../components/button.tsx';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { formatDate, formatDateTime } from '../components/dates.ts';
import { QrCode } from '../components/qr-code.tsx';
import { useConfirmAuthenticatorApp, useRemoveAuthenticatorApp, useStartAuthenticatorApp } from './factor-queries.ts';
import * as styles from './two-factor.css.ts';

/**
 * Issue #27: an authenticator app (TOTP). Set up shows a new key as a QR code and as text; the app's first code turns
 * it on. Turn off asks first.
 */
export function AuthenticatorAppPart({ app }: { app: SecurityFactors['authenticatorApp'] }) {
  const titleId = useId();
  const [setup, setSetup] = useState<AuthenticatorAppSetup | null>(null);
  const [isTurningOff, setTurningOff] = useState(false);
  const start = useStartAuthenticatorApp();
  const removal = useRemoveAuthenticatorApp();

  return (
    <section className={styles.part} aria-labelledby={titleId}>
      <div className={styles.partHeader}>
        <div className={styles.partHeading}>
          <h3 id={titleId} className={styles.partTitle}>
            <Smartphone size={16} aria-hidden />
            {FACTOR_TEXT.appTitle}
            {app ? (
              <span className={styles.badge.success}>{FACTOR_TEXT.appOn(formatDate(app.addedAt))}</span>
            ) : (
              <span className={styles.badge.neutral}>{FACTOR_TEXT.appOff}</span>
            )}
          </h3>
          <p className={styles.muted}>{FACTOR_TEXT.appIntro}</p>
        </div>
        {app ? (
          <Button variant="secondary" onPress={() => setTurningOff(true)}>
            {FACTOR_TEXT.turnOffApp}
          </Button>
        ) : (
          !setup && (
            <Button
              variant="secondary"
              isDisabled={start.isPending}
              onPress={() => start.mutate(undefined, { onSuccess: setSetup })}
            >
              {FACTOR_TEXT.setUpApp}
            </Button>
          )
        )}
      </div>
      {setup && !app && <AppSetup setup={setup} onDone={() => setSetup(null)} />}
      {isTurningOff && (
        <ConfirmDialog
          title={FACTOR_TEXT.turnOffApp}
          text={FACTOR_TEXT.removeAppConfirm}
          confirmLabel={FACTOR_TEXT.turnOffApp}
          pendingLabel={FACTOR_TEXT.removing}
          isPending={removal.isPending}
          onConfirm={() => removal.mutate(undefined, { onSettled: () => setTurningOff(false) })}
          onClose={() => setTurningOff(false)}
        />
      )}
    </section>
  );
}

function AppSetup({ setup, onDone }: { setup: AuthenticatorAppSetup; onDone: () => void }) {
  const [error, setError] = useState<string>();
  const confirm = useConfirmAuthenticatorApp();
  return (
    <div className={styles.setup}>
      <QrCode data={setup.uri} label={FACTOR_TEXT.qrLabel} />
      <div className={styles.setupDetails}>
        <p className={styles.muted}>{FACTOR_TEXT.scanQr}</p>
        <dl className={styles.form}>
          <div>
            <dt className={styles.secretTerm}>{FACTOR_TEXT.secretLabel}</dt>
            {/* In groups of four, as apps show a key typed by hand: easier to copy off a screen. */}
            <dd className={styles.secret}>{setup.secret.match(/.{1,4}/g)?.join(' ')}</dd>
          </div>
        </dl>
        <p className={styles.muted}>{FACTOR_TEXT.setupUntil(formatDateTime(setup.expiresAt))}</p>
        <ProofForm
          proof="code"
          label={FACTOR_TEXT.appTitle}
          fieldLabel={FACTOR_TEXT.firstCode}
          submitLabel={FACTOR_TEXT.confirmApp}
          pendingLabel={FACTOR_TEXT.confirming}
          isPending={confirm.isPending}
          error={error}
          onEdit={() => setError(undefined)}
          onProof={(code) =>
            confirm.mutate(code, { onSuccess: onDone, onError: (failure) => setError(failure.message) })
          }
          onCancel={onDone}
        />
      </div>
    </div>
  );
}
