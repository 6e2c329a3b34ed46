import { ADMIN_TEXT, api, CONSOLE_TEXT, TIMINGS } from '@enclave/protocol';
import { Download } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../components/button.tsx';
import { CardHeading } from '../components/card-heading.tsx';
import { toast } from '../stores/toast-store.ts';
import * as styles from './admin.css.ts';
import { ProgressDisplay } from './progress-display.tsx';

type Phase = 'idle' | 'running' | 'done';

/**
 * Spec 001 §2, §4, §7: the backup downloads by browser navigation (the server streams the file as an
 * attachment, so the page stays); the success toast follows after 2 s.
 */
export function BackupCard() {
  const [phase, setPhase] = useState<Phase>('idle');

  useEffect(() => {
    if (phase !== 'running') return;
    const timer = setTimeout(() => {
      setPhase('done');
      toast({ title: 'Backup Created', description: 'The backup file is downloading in your browser.' });
    }, TIMINGS.backupToast);
    return () => clearTimeout(timer);
  }, [phase]);

  const start = () => {
    try {
      window.location.assign(api.databaseBackup.url);
      setPhase('running');
    } catch {
      setPhase('idle');
      toast({ variant: 'destructive', title: CONSOLE_TEXT.backupFailed, description: ADMIN_TEXT.backupFailed });
    }
  };

  return (
    <section className={styles.card} aria-labelledby="backup-title">
      <CardHeading id="backup-title" icon={Download} title="Backup">
        Downloads every collection as one JSON file (Extended JSON, with a manifest of its format, time and counts).
        Keep it somewhere safe: it holds members' emails and password hashes.
      </CardHeading>
      {phase === 'running' && <ProgressDisplay label="Creating the backup…" />}
      {phase === 'done' && <ProgressDisplay label="Backup created" value={100} />}
      <div className={styles.actions}>
        <Button onPress={start} isDisabled={phase === 'running'}>
          <Download size={16} aria-hidden />
          {phase === 'running' ? 'Creating Backup…' : 'Download Backup'}
        </Button>
      </div>
    </section>
  );
}
