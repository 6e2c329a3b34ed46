import { PAGE_TEXT } from '@enclave/protocol';
import { ShieldX } from 'lucide-react';
import { useSession } from '../session/use-session.ts';
import * as styles from './admin.css.ts';
import { BackupCard } from './backup-card.tsx';
import * as look from './database.css.ts';
import { RestoreCard } from './restore-card.tsx';

/** Spec 001 §2, database: backup and restore, for administrators only. */
export function DatabaseTab() {
  const { user } = useSession();
  if (!user?.abilities.canBackup) {
    return (
      <section className={`${styles.card} ${look.denied}`} aria-labelledby="database-denied">
        <ShieldX size={32} className={look.deniedIcon} aria-hidden />
        <h2 id="database-denied" className={styles.cardTitle}>
          {PAGE_TEXT.accessDenied}
        </h2>
        <p className={styles.muted}>{PAGE_TEXT.databaseAdminOnly}</p>
      </section>
    );
  }
  return (
    <div className={styles.twoColumns}>
      <BackupCard />
      <RestoreCard />
    </div>
  );
}
