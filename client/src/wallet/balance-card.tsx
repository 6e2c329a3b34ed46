import { COIN_RATE, COINS_PER_USD } from '@enclave/protocol';
import { Wallet } from 'lucide-react';
import { wholeNumber } from '../components/numbers.ts';
import * as styles from './wallet.css.ts';

const usd = new Intl.NumberFormat(undefined, { style: 'currency', currency: 'USD' });
const wholeUsd = new Intl.NumberFormat(undefined, { style: 'currency', currency: 'USD', minimumFractionDigits: 0 });

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
          Worth {usd.format(balance / COINS_PER_USD)} at the fixed rate of {wholeUsd.format(COIN_RATE.usd)} ={' '}
          {wholeNumber(COIN_RATE.coins)} coins
        </p>
      </div>
      <span className={styles.balanceIcon}>
        <Wallet size={30} aria-hidden />
      </span>
    </section>
  );
}
