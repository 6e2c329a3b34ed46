import { type AdminStats, CONSOLE_TEXT, type StatsRange } from '@enclave/protocol';
import { Coins, FileText, type LucideIcon, MessageSquare, Users } from 'lucide-react';
import { wholeNumber } from '../components/numbers.ts';
import { useAdminStats } from './admin-queries.ts';
import * as styles from './console.css.ts';

interface Card {
  label: string;
  icon: LucideIcon;
  value: (stats: AdminStats) => number;
  note: (stats: AdminStats, range: string) => string;
}

const CARDS: Card[] = [
  {
    label: CONSOLE_TEXT.stats.users,
    icon: Users,
    value: (stats) => stats.totalUsers,
    note: (stats, range) => `+${wholeNumber(stats.newUsers)} new · ${range}`,
  },
  {
    label: CONSOLE_TEXT.stats.threads,
    icon: FileText,
    value: (stats) => stats.totalThreads,
    note: (stats, range) => `+${wholeNumber(stats.newThreads)} new · ${range}`,
  },
  {
    label: CONSOLE_TEXT.stats.posts,
    icon: MessageSquare,
    value: (stats) => stats.totalPosts,
    note: (stats, range) => `+${wholeNumber(stats.newPosts)} new · ${range}`,
  },
  {
    label: CONSOLE_TEXT.stats.transactions,
    icon: Coins,
    value: (stats) => stats.totalTransactions,
    note: (stats, range) => `${wholeNumber(stats.totalCoins)} coins sold · ${range}`,
  },
];

/** The header's four counts for the selected range, read from the server (the issue asks for real counts). */
export function StatCards({ range }: { range: StatsRange }) {
  const { data, isFetching, isLoading } = useAdminStats(range);
  const rangeLabel = CONSOLE_TEXT.stats.ranges[range].toLowerCase();
  const unavailable = isLoading ? 'Loading…' : 'Not available';
  return (
    <dl className={styles.stats} aria-label="Forum statistics" aria-busy={isFetching}>
      {CARDS.map((card) => (
        <div key={card.label} className={styles.stat}>
          <dt className={styles.statLabel}>{card.label}</dt>
          <dd className={styles.statIcon}>
            <card.icon size={18} aria-hidden />
          </dd>
          <dd className={styles.statValue}>{data ? wholeNumber(card.value(data)) : '–'}</dd>
          <dd className={styles.statNote}>{data ? card.note(data, rangeLabel) : unavailable}</dd>
        </div>
      ))}
    </dl>
  );
}
