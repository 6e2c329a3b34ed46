import { COIN_RATE, COINS_PER_USD } from '@enclave/protocol';
import { Wallet } from 'lucide-react';
import { dollars, wholeNumber } from '../components/numbers.ts';
import * as styles from './wallet.css.ts';

/** The member's balance (live: the header's pushed balance) and what it is worth at the fixed rate. */
export function BalanceCard({ balance }: { balance: number }) {
  return (
    <section className={styles.balanceCard} aria-labelledby="balance-label">
      <div>
        <p id="balance-label" className={styles.balanceLabel}>
          Your balance
        </p>
        <p className={styles.balanceAmount}>
          {wholeNumber(balance)} <span className={styles.balanceUnit}>coins</span>
        </p>
        <p className={styles.balanceNote}>
          Worth {dollars(balance / COINS_PER_USD)} at the fixed rate of {dollars(COIN_RATE.usd, 0)} ={' '}
          {wholeNumber(COIN_RATE.coins)} coins
        </p>
      </div>
      <span className={styles.balanceIcon}>
        <Wallet size={30} aria-hidden />
      </span>
    </section>
  );
}
