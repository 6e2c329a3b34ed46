import { WALLET_TEXT } from '@enclave/protocol';
import { Lock, ShieldCheck, Unlock, Users } from 'lucide-react';
import * as features from '../components/feature-list.css.ts';
import * as styles from './wallet.css.ts';

const REASONS = [
  {
    icon: Unlock,
    title: 'Unlock premium threads',
    text: 'Buy access to premium threads and their replies once, and keep it.',
  },
  {
    icon: Lock,
    title: 'Join premium discussions',
    text: 'Open the private discussion behind a thread: downloads, guides and extra content.',
  },
  {
    icon: Users,
    title: 'Share the cost in group buys',
    text: 'Contribute your share, and the content unlocks for everyone once the group is complete.',
  },
  {
    icon: ShieldCheck,
    title: 'Pay privately',
    text: 'Pay with Bitcoin, Monero, USDT or USDC: no card details, no tracking.',
  },
];

/** Spec 001 §2: the 'Why Use Coins?' explainer beside the purchase form. */
export function WhyCoins() {
  return (
    <aside className={styles.card} aria-labelledby="why-coins-title">
      <h2 id="why-coins-title" className={styles.cardTitle}>
        {WALLET_TEXT.whyCoins}
      </h2>
      <ul className={features.list}>
        {REASONS.map(({ icon: Icon, title, text }) => (
          <li key={title} className={features.item}>
            <span className={features.softIconTile}>
              <Icon size={18} aria-hidden />
            </span>
            <div>
              <p className={styles.reasonTitle}>{title}</p>
              <p className={styles.muted}>{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </aside>
  );
}
