import { PAYMENT_TEXT, SKELETON_ROWS, WALLET_TEXT } from '@enclave/protocol';
import { Button } from '../components/button.tsx';
import { LoadMoreButton } from '../components/load-more-button.tsx';
import { LoadingRows } from '../components/skeleton.tsx';
import * as rowStyles from './transaction-row.css.ts';
import { TransactionRow } from './transaction-row.tsx';
import * as styles from './wallet.css.ts';
import type { useTransactions } from './wallet-queries.ts';

interface TransactionHistoryProps {
  query: ReturnType<typeof useTransactions>;
  emptyText: string;
  /** Offer the next page under the rows (the full history); the wallet shows only its recent rows. */
  canLoadMore?: boolean;
}

/** The history's rows with its loading (5 skeleton rows), failure and empty states. */
export function TransactionHistory({ query, emptyText, canLoadMore }: TransactionHistoryProps) {
  if (query.isLoading) return <LoadingRows rows={SKELETON_ROWS.list} label="Loading transactions" />;
  if (!query.data) {
    return (
      <div className={styles.notice} role="alert">
        <p className={styles.errorText}>{PAYMENT_TEXT.loadTransactionsFailed}</p>
        <Button variant="secondary" onPress={() => void query.refetch()} isDisabled={query.isFetching}>
          {WALLET_TEXT.tryAgain}
        </Button>
      </div>
    );
  }

  const transactions = query.data.pages.flatMap((page) => page.transactions);
  if (transactions.length === 0) {
    return (
      <div className={styles.notice}>
        <p className={styles.muted}>{emptyText}</p>
      </div>
    );
  }

  return (
    <>
      <ul className={rowStyles.list} aria-label="Transactions">
        {transactions.map((transaction) => (
          <TransactionRow key={transaction.id} transaction={transaction} />
        ))}
      </ul>
      {canLoadMore && query.hasNextPage && (
        <div className={styles.historyFooter}>
          {query.isFetchNextPageError && <p className={styles.errorText}>{PAYMENT_TEXT.loadTransactionsFailed}</p>}
          <LoadMoreButton pages={query} />
        </div>
      )}
    </>
  );
}
