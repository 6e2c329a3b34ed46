import { FORUM_PAGE_TEXT, type Thread } from '@enclave/protocol';
import { RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../components/button.tsx';
import { ThreadCard } from './thread-card.tsx';
import * as styles from './thread-list.css.ts';

export function ThreadList({ threads, label }: { threads: Thread[]; label: string }) {
  return (
    <ul className={styles.list} aria-label={label}>
      {threads.map((thread) => (
        <li key={thread.id}>
          <ThreadCard thread={thread} />
        </li>
      ))}
    </ul>
  );
}

export function EmptyThreads({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <div className={styles.state}>
      <p className={styles.stateTitle}>{text}</p>
      {children}
    </div>
  );
}

/** Spec 001 §8: 'Error loading threads', with the reason and a way to try again. */
export function ThreadsError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <div className={styles.state} role="alert">
      <p className={styles.errorTitle}>{FORUM_PAGE_TEXT.errorLoadingThreads}</p>
      <p>{error.message}</p>
      <Button variant="secondary" onPress={onRetry}>
        <RotateCw size={16} aria-hidden />
        Try Again
      </Button>
    </div>
  );
}
