import { TRANSACTIONS_PAGE_SIZE } from '@enclave/protocol';
import { useState } from 'react';
import * as page from '../components/page.css.ts';
import { TransactionFilters } from '../wallet/transaction-filters.tsx';
import { TransactionHistory } from '../wallet/transaction-history.tsx';
import { type TransactionFilters as Filters, useTransactions } from '../wallet/wallet-queries.ts';

/** The member's whole coin history, newest first, filtered by type and status, a page at a time. */
export function TransactionsPage() {
  const [filters, setFilters] = useState<Filters>({});
  const query = useTransactions(TRANSACTIONS_PAGE_SIZE, filters);
  const isFiltered = Boolean(filters.type || filters.status);

  return (
    <div className={page.stack}>
      <header className={page.header}>
        <h1 className={page.title}>Transactions</h1>
        <p className={page.lead}>Every coin you bought, spent and earned, with pending and failed payments.</p>
      </header>
      <TransactionFilters value={filters} onChange={setFilters} />
      <TransactionHistory
        query={query}
        canLoadMore
        emptyText={isFiltered ? 'No transactions match these filters.' : 'No transactions yet.'}
      />
    </div>
  );
}
