import { ADMIN_TEXT, CONSOLE_TEXT } from '@enclave/protocol';
import { useMutation } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { ApiError } from '../api/api-error.ts';
import { Button } from '../components/button.tsx';
import { CardHeading } from '../components/card-heading.tsx';
import { toast } from '../stores/toast-store.ts';
import * as styles from './admin.css.ts';
import { downloadBackup } from './backup-download.ts';
import { ProgressDisplay } from './progress-display.tsx';

/**
 * Spec 001 §2, §4, §7: backup with a progress display. The server's answer decides the toast: 'Backup Created' once
 * it answered 200 and the file was handed to the browser (never sooner than the spec's 2 s after the click), or
 * 'Backup Failed' with the server's message.
 */
export function BackupCard() {
  const backup = useMutation({
    mutationFn: downloadBackup,
    onSuccess: (fileName) =>
      toast({ title: CONSOLE_TEXT.backupCreated, description: CONSOLE_TEXT.backupSaved(fileName) }),
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: CONSOLE_TEXT.backupFailed,
        description: error instanceof ApiError ? error.message : ADMIN_TEXT.backupFailed,
      }),
  });

  return (
    <section className={styles.card} aria-labelledby="backup-title">
      <CardHeading id="backup-title" icon={Download} title="Backup">
        Downloads every collection as one JSON file (Extended JSON, with a manifest of its format, time and counts).
        Keep it somewhere safe: it holds members' emails and password hashes.
      </CardHeading>
      {backup.isPending && <ProgressDisplay label="Creating the backup…" />}
      {backup.isSuccess && <ProgressDisplay label="Backup created" value={100} />}
      <div className={styles.actions}>
        <Button onPress={() => backup.mutate()} isDisabled={backup.isPending}>
          <Download size={16} aria-hidden />
          {backup.isPending ? 'Creating Backup…' : 'Download Backup'}
        </Button>
      </div>
    </section>
  );
}
