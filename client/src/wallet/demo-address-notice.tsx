import { WALLET_TEXT } from '@enclave/protocol';
import { TriangleAlert } from 'lucide-react';
import * as styles from './payment-view.css.ts';

const TEXTS = {
  member: { title: WALLET_TEXT.demoAddressTitle, body: WALLET_TEXT.demoAddressBody },
  staff: { title: WALLET_TEXT.demoSetupTitle, body: WALLET_TEXT.demoSetupBody },
};

/**
 * The server said an address is one the demo data seeded: a member is told not to pay it, staff to set real
 * ones. Shown as an alert, above the address, so nobody reads the address without it.
 */
export function DemoAddressNotice({ audience }: { audience: keyof typeof TEXTS }) {
  const text = TEXTS[audience];
  return (
    <div className={styles.notice.danger} role="alert">
      <TriangleAlert size={20} aria-hidden />
      <div>
        <p className={styles.noticeTitle}>{text.title}</p>
        <p className={styles.noticeBody}>{text.body}</p>
      </div>
    </div>
  );
}
