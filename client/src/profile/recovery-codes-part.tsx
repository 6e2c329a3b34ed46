import { FACTOR_TEXT, type SecurityFactors } from '@enclave/protocol';
import { LifeBuoy } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../components/button.tsx';
import { useRegenerateRecoveryCodes } from './factor-queries.ts';
import * as styles from './two-factor.css.ts';

/** Issue #27: how many of the ten recovery codes are left; New codes replaces them all (shown once, in a dialog). */
export function RecoveryCodesPart({
  codes,
  hasFactor,
}: {
  codes: SecurityFactors['recoveryCodes'];
  hasFactor: boolean;
}) {
  const titleId = useId();
  const regenerate = useRegenerateRecoveryCodes();
  return (
    <section className={styles.part} aria-labelledby={titleId}>
      <div className={styles.partHeader}>
        <div className={styles.partHeading}>
          <h3 id={titleId} className={styles.partTitle}>
            <LifeBuoy size={16} aria-hidden />
            {FACTOR_TEXT.recoveryTitle}
            {codes && (
              <span className={codes.remaining > 2 ? styles.badge.neutral : styles.badge.danger}>
                {FACTOR_TEXT.recoveryRemaining(codes.remaining)}
              </span>
            )}
          </h3>
          <p className={styles.muted}>{codes ? FACTOR_TEXT.recoveryIntro : FACTOR_TEXT.noRecoveryCodes}</p>
        </div>
        {hasFactor && (
          <Button variant="secondary" isDisabled={regenerate.isPending} onPress={() => regenerate.mutate()}>
            {FACTOR_TEXT.regenerate}
          </Button>
        )}
      </div>
    </section>
  );
}
