import { Coins } from 'lucide-react';
import { compactNumber, wholeNumber } from '../components/numbers.ts';
import { RouterLink } from '../components/router-link.tsx';
import * as styles from './site-header.css.ts';

/** Up to four digits a balance shows exactly; from 10,000 on it is compact (12.3K, 1.2M) so the header fits a phone. */
const COMPACT_FROM = 10_000;

const headerFigure = (coins: number) => (Math.abs(coins) < COMPACT_FROM ? wholeNumber(coins) : compactNumber(coins));

/**
 * The header's coin balance, a way to the wallet. The figure may be compact; the exact one is its accessible name
 * and its tooltip.
 */
export function CoinBalance({ coins }: { coins: number }) {
  const exact = `${wholeNumber(coins)} coins`;
  return (
    <RouterLink to="/wallet" className={styles.coinBalance} aria-label={exact}>
      {/* The browser's own tooltip: no code to load for it, and the link's label already tells screen readers. */}
      <span className={styles.coinFigure} title={exact}>
        <Coins className={styles.coinIcon} size={16} aria-hidden />
        {`${headerFigure(coins)} coins`}
      </span>
    </RouterLink>
  );
}
