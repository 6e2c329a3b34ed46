import { FACTOR_TEXT } from '@enclave/protocol';
import { useQuery } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { CardHeading } from '../components/card-heading.tsx';
import { LoadingRows } from '../components/skeleton.tsx';
import { AuthenticatorAppPart } from './authenticator-app-part.tsx';
import { securityFactorsQuery } from './factor-queries.ts';
import { PasskeysPart } from './passkeys-part.tsx';
import * as profile from './profile.css.ts';
import { RecoveryCodesDialog } from './recovery-codes-dialog.tsx';
import { RecoveryCodesPart } from './recovery-codes-part.tsx';
import * as styles from './two-factor.css.ts';

/** Issue #27, the Security tab: passkeys, the authenticator app and recovery codes, each changed after a step-up. */
export function TwoFactorSection() {
  const factors = useQuery(securityFactorsQuery);
  const data = factors.data;
  const hasFactor = Boolean(data && (data.passkeys.length > 0 || data.authenticatorApp));
  return (
    <section className={profile.card} aria-labelledby="two-factor-title">
      <CardHeading as="header" id="two-factor-title" title={FACTOR_TEXT.sectionTitle} icon={ShieldCheck}>
        {FACTOR_TEXT.sectionIntro}
      </CardHeading>
      {factors.isLoading ? (
        <LoadingRows rows={2} label={FACTOR_TEXT.factorsLoading} />
      ) : !data ? (
        <p className={styles.problem}>{FACTOR_TEXT.factorsLoadFailed}</p>
      ) : (
        <>
          {data.required && !hasFactor && <p className={styles.notice}>{FACTOR_TEXT.staffNeedsFactor}</p>}
          <PasskeysPart passkeys={data.passkeys} />
          <AuthenticatorAppPart app={data.authenticatorApp} />
          <RecoveryCodesPart codes={data.recoveryCodes} hasFactor={hasFactor} />
        </>
      )}
      <RecoveryCodesDialog />
    </section>
  );
}
