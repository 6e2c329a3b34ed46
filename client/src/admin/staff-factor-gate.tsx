import { FACTOR_TEXT } from '@enclave/protocol';
import { ShieldAlert } from 'lucide-react';
import { LinkButton } from '../components/button.tsx';
import { statementTitle } from '../components/card.css.ts';
import * as styles from './console.css.ts';

/**
 * Issue #27: staff without a second factor, where the deployment requires one, are told why the console is closed
 * to them and where to add one; the server refuses every staff route meanwhile, so no tab is shown.
 */
export function StaffFactorGate() {
  return (
    <section className={styles.factorGate} aria-labelledby="factor-gate-title">
      <ShieldAlert className={styles.factorGateIcon} size={40} aria-hidden />
      <h1 id="factor-gate-title" className={statementTitle}>
        {FACTOR_TEXT.consoleTitle}
      </h1>
      <p className={styles.factorGateText}>{FACTOR_TEXT.staffNeedsFactor}</p>
      <LinkButton to="/profile" search={{ tab: 'security' }}>
        {FACTOR_TEXT.consoleGoToSecurity}
      </LinkButton>
    </section>
  );
}
