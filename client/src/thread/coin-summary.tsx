import { THREAD_PAGE_TEXT, THREAD_TEXT } from '@enclave/protocol';
import { AlertTriangle, Wallet } from 'lucide-react';
import { LinkButton } from '../components/button.tsx';
import * as styles from './coin-summary.css.ts';
import { noticeTitle, warningNotice } from './thread.css.ts';

/** What a purchase costs against the member's balance; below the cost, the Insufficient Funds notice. */
export function CoinSummary({ cost, balance }: { cost: number; balance: number }) {
  const canAfford = balance >= cost;
  return (
    <>
      <dl className={styles.summary}>
        <div className={styles.row}>
          <dt className={styles.term}>Cost</dt>
          <dd className={styles.value}>{THREAD_PAGE_TEXT.balanceCoins(cost)}</dd>
        </div>
        <div className={styles.row}>
          <dt className={styles.term}>Your balance</dt>
          <dd className={styles.value}>{THREAD_PAGE_TEXT.balanceCoins(balance)}</dd>
        </div>
        {canAfford && (
          <div className={styles.row}>
            <dt className={styles.term}>Balance after</dt>
            <dd className={styles.value}>{THREAD_PAGE_TEXT.balanceCoins(balance - cost)}</dd>
          </div>
        )}
      </dl>
      {!canAfford && (
        <div className={warningNotice} role="alert">
          <span className={noticeTitle}>
            <AlertTriangle size={16} aria-hidden />
            {THREAD_PAGE_TEXT.insufficientFunds}
          </span>
          <p>{THREAD_TEXT.insufficientCoins}</p>
          <LinkButton to="/wallet" variant="secondary" size="sm">
            <Wallet size={16} aria-hidden />
            Buy Coins
          </LinkButton>
        </div>
      )}
    </>
  );
}
