import { CURRENCY_INFO, isPaymentCurrency, type Transaction } from '@enclave/protocol';
import { ArrowDownLeft, ArrowUpRight, ExternalLink } from 'lucide-react';
import { formatDateTime } from '../components/dates.ts';
import { RouterLink } from '../components/router-link.tsx';
import { explorerUrl } from './chain-links.ts';
import { StatusBadge, type StatusTone } from './status-badge.tsx';
import * as styles from './transaction-row.css.ts';
import { formatSignedCoins, statusLabel, threadIdOf, transactionTitle } from './transaction-text.ts';

const STATUS_TONES: Record<string, StatusTone> = { completed: 'success', pending: 'pending', failed: 'danger' };

/** One row of the history: what it was, when, the signed coins, its status, and where to look it up. */
export function TransactionRow({ transaction }: { transaction: Transaction }) {
  const direction = transaction.amount >= 0 ? 'credit' : 'debit';
  const Icon = direction === 'credit' ? ArrowDownLeft : ArrowUpRight;
  const explorer = explorerUrl(transaction.currency, transaction.transactionHash);
  const threadId = threadIdOf(transaction.referenceId);
  const currency = transaction.currency?.toLowerCase() ?? '';

  return (
    <li className={styles.row}>
      <span className={styles.icon[direction]}>
        <Icon size={18} aria-hidden />
      </span>
      <div className={styles.main}>
        <span className={styles.title}>{transactionTitle(transaction)}</span>
        <span className={styles.meta}>
          <time dateTime={transaction.createdAt}>{formatDateTime(transaction.createdAt)}</time>
          {isPaymentCurrency(currency) && <span>Paid in {CURRENCY_INFO[currency].symbol}</span>}
          {threadId !== null && (
            <RouterLink to="/thread/$id" params={{ id: String(threadId) }} className={styles.link}>
              View thread
            </RouterLink>
          )}
          {explorer && (
            <a
              className={styles.link}
              href={explorer}
              target="_blank"
              rel="noopener noreferrer"
              referrerPolicy="no-referrer"
            >
              View on explorer
              <ExternalLink size={12} aria-hidden />
            </a>
          )}
        </span>
      </div>
      <div className={styles.side}>
        <span className={styles.amount[transaction.status === 'completed' ? direction : 'uncredited']}>
          {formatSignedCoins(transaction.amount)} coins
        </span>
        <StatusBadge tone={STATUS_TONES[transaction.status] ?? 'neutral'}>
          {statusLabel(transaction.status)}
        </StatusBadge>
      </div>
    </li>
  );
}
