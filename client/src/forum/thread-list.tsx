import { FORUM_PAGE_TEXT, type Thread } from '@enclave/protocol';
import { RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../components/button.tsx';
import { useRevealedCount } from '../layout/first-screen.ts';
import { ThreadCard } from './thread-card.tsx';
import * as styles from './thread-list.css.ts';

/**
 * Cards rendered with the page; the rest follow once the first screen is there, a few at a time (useRevealedCount).
 * No screen shows more than this many above the fold, and a category page's first commit carried all fifty (issue #14).
 */
const FIRST_CARDS = 6;
/**
 * Cards added each time the browser is idle: two, not ten, since a card (two route links, its author's read) costs
 * some 4 ms to render here: ten, or even five, made tasks of 70-130 ms on Lighthouse's slowed phone, counted as
 * blocking past 50 (the category page's TBT of 150-400 ms, issue #26); two stay under it.
 */
const CARDS_PER_STEP = 2;

export function ThreadList({ threads, label }: { threads: Thread[]; label: string }) {
  const shown = threads.slice(0, useRevealedCount(threads.length, FIRST_CARDS, CARDS_PER_STEP));
  return (
    <ul className={styles.list} aria-label={label}>
      {shown.map((thread) => (
        <li key={thread.id} className={styles.item}>
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
