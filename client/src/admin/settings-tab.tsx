import { Info, SlidersHorizontal } from 'lucide-react';
import { CardHeading } from '../components/card-heading.tsx';
import { useSession } from '../session/use-session.ts';
import { PendingPaymentsPanel } from '../wallet/pending-payments-panel.tsx';
import * as styles from './admin.css.ts';
import { ReceivingAddressesCard } from './receiving-addresses-card.tsx';
import { TestCoinsCard } from './test-coins-card.tsx';

/** Spec 001 §2, settings: test coins and crypto wallets (admins), the payments awaiting staff, forum settings. */
export function SettingsTab() {
  const { user } = useSession();
  return (
    <div className={styles.form}>
      {user?.abilities.canManageSettings ? (
        <div className={styles.twoColumns}>
          <TestCoinsCard />
          <ForumSettingsCard />
        </div>
      ) : (
        <p className={styles.note}>
          <Info size={16} aria-hidden />
          Test coins and crypto wallet addresses are managed by administrators.
        </p>
      )}
      {user?.abilities.canManageSettings && <ReceivingAddressesCard />}
      <PendingPaymentsPanel />
    </div>
  );
}

/** The spec's Forum Settings card is a placeholder: it says so rather than offering controls that do nothing. */
function ForumSettingsCard() {
  return (
    <section className={styles.card} aria-labelledby="forum-settings-title">
      <CardHeading id="forum-settings-title" icon={SlidersHorizontal} title="Forum Settings">
        Forum-wide settings are not editable here yet. The forum's name, registration and email verification are set in
        the server's configuration; categories and wallet addresses are managed on their own tabs.
      </CardHeading>
    </section>
  );
}
