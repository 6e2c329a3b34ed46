import {
  ADMIN_TEXT,
  api,
  BACKUP_FIELD,
  CONSOLE_TEXT,
  PROGRESS_CAP,
  RESTORE_PROGRESS,
  type ServerToClientEvents,
  TIMINGS,
  VALIDATION,
} from '@enclave/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FileJson, Upload } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button as AriaButton, FileTrigger } from 'react-aria-components';
import { ApiError } from '../api/api-error.ts';
import { call } from '../api/client.ts';
import { button } from '../components/button.css.ts';
import { Button } from '../components/button.tsx';
import { CardHeading } from '../components/card-heading.tsx';
import { DialogActions } from '../components/dialog-actions.tsx';
import { ModalDialog } from '../components/modal-dialog.tsx';
import { useSocket } from '../realtime/socket-provider.tsx';
import { toast } from '../stores/toast-store.ts';
import * as styles from './admin.css.ts';
import * as look from './database.css.ts';
import { ProgressDisplay } from './progress-display.tsx';

const isJsonFile = (file: File | null): file is File => Boolean(file?.name.toLowerCase().endsWith('.json'));
const kilobytes = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('en-US')} KB`;

/**
 * Spec 001 §2, §4, §5: restore from a .json backup. Progress comes from the server ('restore:progress'); until
 * the first report arrives it steps by 10 every 500 ms up to 90, as the spec describes.
 */
export function RestoreCard() {
  const socket = useSocket();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [isConfirming, setConfirming] = useState(false);
  const [percent, setPercent] = useState<number | null>(null);

  const restore = useMutation({
    mutationFn: (backup: File) => {
      const body = new FormData();
      body.append(BACKUP_FIELD, backup, backup.name);
      return call(api.databaseRestore, { body, silent: true });
    },
    onMutate: () => setPercent(0),
    onSuccess: (reply) => {
      setPercent(PROGRESS_CAP);
      setFile(null);
      toast({
        title: 'Database Restored',
        description: `${reply.message}. The data from before was saved as ${reply.automaticBackup}.`,
      });
      // Every cached answer may describe data that no longer exists.
      void queryClient.invalidateQueries();
    },
    onError: (error) => {
      setPercent(null);
      toast({
        variant: 'destructive',
        title: CONSOLE_TEXT.restoreFailed,
        description: error instanceof ApiError ? error.message : ADMIN_TEXT.restoreFailed,
      });
    },
  });

  useEffect(() => {
    if (!restore.isPending) return;
    let reported = false;
    const onProgress: ServerToClientEvents['restore:progress'] = ({ percent: value }) => {
      reported = true;
      setPercent((current) => Math.max(current ?? 0, Math.min(value, PROGRESS_CAP)));
    };
    const timer = setInterval(() => {
      if (!reported) setPercent((current) => Math.min((current ?? 0) + RESTORE_PROGRESS.step, RESTORE_PROGRESS.max));
    }, TIMINGS.restoreProgressStep);
    socket?.on('restore:progress', onProgress);
    return () => {
      clearInterval(timer);
      socket?.off('restore:progress', onProgress);
    };
  }, [restore.isPending, socket]);

  const askToRestore = () => {
    if (!isJsonFile(file)) {
      toast({ variant: 'destructive', title: CONSOLE_TEXT.noFileSelected, description: VALIDATION.noFileSelected });
      return;
    }
    setConfirming(true);
  };

  return (
    <section className={styles.card} aria-labelledby="restore-title">
      <CardHeading id="restore-title" icon={Upload} title="Restore">
        Replaces every collection with a backup's contents. The whole file is checked first; then the current data is
        saved as an automatic backup on the server, so a restore can be undone.
      </CardHeading>
      <div className={look.file}>
        <FileTrigger
          acceptedFileTypes={['.json', 'application/json']}
          onSelect={(files) => setFile(files?.[0] ?? null)}
        >
          {/* react-aria's own button: the file trigger drives it. */}
          <AriaButton className={button({ variant: 'secondary' })} isDisabled={restore.isPending}>
            <FileJson size={16} aria-hidden />
            Choose Backup File
          </AriaButton>
        </FileTrigger>
        {file ? (
          <span>
            <span className={look.fileName}>{file.name}</span>{' '}
            <span className={styles.muted}>{kilobytes(file.size)}</span>
          </span>
        ) : (
          <span className={styles.muted}>No file chosen (.json)</span>
        )}
      </div>
      {percent !== null && (
        <ProgressDisplay label={restore.isPending ? 'Restoring…' : 'Restore complete'} value={percent} />
      )}
      <div className={styles.actions}>
        <Button variant="destructive" onPress={askToRestore} isDisabled={restore.isPending}>
          <Upload size={16} aria-hidden />
          {restore.isPending ? 'Restoring…' : 'Restore Database'}
        </Button>
      </div>
      {isConfirming && file && (
        <ModalDialog
          title="Restore the database?"
          isOpen
          isAlert
          onOpenChange={(open) => !open && setConfirming(false)}
        >
          <p className={styles.muted}>
            Every member, thread, message and coin movement is replaced by the contents of {file.name}. Members who are
            signed in may be signed out.
          </p>
          <DialogActions>
            <Button variant="secondary" onPress={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button
              variant="destructive"
              onPress={() => {
                setConfirming(false);
                restore.mutate(file);
              }}
            >
              Restore
            </Button>
          </DialogActions>
        </ModalDialog>
      )}
    </section>
  );
}
