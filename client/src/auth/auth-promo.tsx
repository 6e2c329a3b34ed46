import { Bitcoin, EyeOff, HandCoins, LockKeyhole, MessagesSquare } from 'lucide-react';
import * as features from '../components/feature-list.css.ts';
import * as styles from './auth-panel.css.ts';

const HIGHLIGHTS = [
  {
    icon: HandCoins,
    title: 'Group buys',
    text: 'Pool coins with other members to unlock premium tools and resources for all.',
  },
  {
    icon: LockKeyhole,
    title: 'Premium content',
    text: 'Unlock premium threads and private discussions with your coins.',
  },
  {
    icon: MessagesSquare,
    title: 'Private messages',
    text: 'Talk to members directly, share links and thread invites.',
  },
  { icon: Bitcoin, title: 'Crypto payments', text: 'Buy coins with Bitcoin, Monero, USDT or USDC.' },
  { icon: EyeOff, title: 'No tracking', text: 'No tracking cookies and no third-party analytics.' },
];

/** The promotional side panel of /auth, shown on wide screens only. */
export function AuthPromo() {
  return (
    <aside className={styles.promo} aria-labelledby="auth-promo-title">
      <h2 id="auth-promo-title" className={styles.promoTitle}>
        Share the cost of premium tools with a private community
      </h2>
      <ul className={features.list}>
        {HIGHLIGHTS.map(({ icon: Icon, title, text }) => (
          <li key={title} className={features.item}>
            <span className={styles.highlightIcon} aria-hidden>
              <Icon size={20} />
            </span>
            <span>
              <strong className={styles.highlightTitle}>{title}</strong>
              <span className={styles.highlightText}>{text}</span>
            </span>
          </li>
        ))}
      </ul>
    </aside>
  );
}
