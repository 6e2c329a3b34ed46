import { Coins } from 'lucide-react';
import { lazily } from '../components/dates.ts';
import { RouterLink } from '../components/router-link.tsx';
import * as styles from './site-header.css.ts';

const exactCoins = lazily(() => new Intl.NumberFormat());
// Rounded down, so the header never shows more coins than the member holds (99,999 is 99.9K, not 100K).
const compactCoins = lazily(
  () => new Intl.NumberFormat(undefined, { notation: 'compact', maximumFractionDigits: 1, roundingMode: 'floor' }),
);

/** Up to four digits a balance shows exactly; from 10,000 on it is compact (12.3K, 1.2M) so the header fits a phone. */
const COMPACT_FROM = 10_000;

export const headerFigure = (coins: number) =>
  Math.abs(coins) < COMPACT_FROM ? exactCoins().format(coins) : compactCoins().format(coins);

/**
 * The header's coin balance, a way to the wallet. The figure may be compact; the exact one is its accessible name
 * and its tooltip.
 */
export function CoinBalance({ coins }: { coins: number }) {
  const exact = `${exactCoins().format(coins)} coins`;
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
