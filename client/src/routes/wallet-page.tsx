import { WALLET_TEXT } from '@enclave/protocol';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { ArrowRight } from 'lucide-react';
import { LinkButton } from '../components/button.tsx';
import * as page from '../components/page.css.ts';
import { SegmentedTabs } from '../components/segmented-tabs.tsx';
import { useSession } from '../session/use-session.ts';
import { BalanceCard } from '../wallet/balance-card.tsx';
import { PaymentForm } from '../wallet/payment-form.tsx';
import { PaymentView } from '../wallet/payment-view.tsx';
import { TransactionHistory } from '../wallet/transaction-history.tsx';
import * as styles from '../wallet/wallet.css.ts';
import { useTransactions } from '../wallet/wallet-queries.ts';
import { WhyCoins } from '../wallet/why-coins.tsx';

/** The latest rows on the wallet; the full history is /transactions. */
const RECENT_TRANSACTIONS = 10;

/** Spec 001 §2: balance, Buy Coins (form, then the created payment) and Transaction History, and 'Why Use Coins?'. */
export function WalletPage() {
  const { user } = useSession();
  const { payment } = useSearch({ from: '/wallet' });
  const navigate = useNavigate({ from: '/wallet' });
  if (!user) return null;

  return (
    <div className={page.stack}>
      <header className={page.header}>
        <h1 className={page.title}>Wallet</h1>
        <p className={page.lead}>Buy coins with cryptocurrency and follow your coin history.</p>
      </header>
      <BalanceCard balance={user.coinBalance} />
      <div className={styles.layout}>
        <SegmentedTabs
          label="Wallet"
          tabs={[
            {
              id: 'buy',
              label: WALLET_TEXT.buyCoins,
              panel: payment ? (
                <PaymentView key={payment} paymentId={payment} onNewPayment={() => void navigate({ search: {} })} />
              ) : (
                <PaymentForm onCreated={(created) => void navigate({ search: { payment: created.payment_id } })} />
              ),
            },
            { id: 'history', label: WALLET_TEXT.history, panel: <RecentTransactions /> },
          ]}
        />
        <WhyCoins />
      </div>
    </div>
  );
}

function RecentTransactions() {
  const query = useTransactions(RECENT_TRANSACTIONS);
  return (
    <div className={page.stack}>
      <TransactionHistory query={query} emptyText="No transactions yet. Your coin purchases and spending show here." />
      <LinkButton to="/transactions" variant="secondary" className={styles.viewAll}>
        View all transactions
        <ArrowRight size={16} aria-hidden />
      </LinkButton>
    </div>
  );
}
