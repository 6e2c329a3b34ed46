import { PROFILE_TEXT } from '@enclave/protocol';
import { lazy, useState } from 'react';
import { Button } from '../components/button.tsx';
import { OnDemand } from '../components/on-demand.tsx';
import * as styles from './profile.css.ts';

// The confirmation dialog's code (react-aria's modal, the password field) loads when it is first opened.
const DeleteAccountDialog = lazy(() =>
  import('./delete-account-dialog.tsx').then((module) => ({ default: module.DeleteAccountDialog })),
);

/** Spec 001 §4: the Danger Zone card; its button asks for the password before the account is deleted. */
export function DangerZone() {
  const [isOpen, setOpen] = useState(false);
  const [isDeleted, setDeleted] = useState(false);

  return (
    <section className={`${styles.dangerCard} ${styles.rowCard}`} aria-labelledby="danger-zone-title">
      <header className={styles.cardHeading}>
        <h2 id="danger-zone-title" className={styles.dangerTitle}>
          {PROFILE_TEXT.dangerZone}
        </h2>
        <p className={styles.muted}>Deleting your account is permanent and cannot be undone.</p>
      </header>
      <Button variant="destructive" onPress={() => setOpen(true)} isDisabled={isDeleted}>
        {PROFILE_TEXT.deleteAccount}
      </Button>
      <OnDemand isOpen={isOpen}>
        <DeleteAccountDialog isOpen={isOpen} onOpenChange={setOpen} onDeleted={() => setDeleted(true)} />
      </OnDemand>
    </section>
  );
}
