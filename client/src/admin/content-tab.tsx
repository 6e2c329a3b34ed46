import { CONSOLE_TEXT, SKELETON_ROWS, THREAD_TEXT, type Thread } from '@enclave/protocol';
import { FolderTree, Gem, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button, LinkButton } from '../components/button.tsx';
import { LoadingRows } from '../components/skeleton.tsx';
import * as styles from './admin.css.ts';
import { useRecentThreads } from './admin-queries.ts';
import { DeleteThreadConfirm } from './delete-thread-confirm.tsx';
import { formatDay } from './member-status.ts';
import { excerptOf, NewTabThreadLink } from './thread-links.tsx';

/** Spec 001 §2, content: the newest threads, pending ones included, with view and delete. */
export function ContentTab() {
  const query = useRecentThreads();
  const [deleting, setDeleting] = useState<Thread | null>(null);
  // Spec 001 §7: a failed list reads as an empty one.
  const threads = query.data ?? [];

  return (
    <section className={styles.card} aria-labelledby="content-title">
      <div className={styles.cardHeader}>
        <div className={styles.cardHeading}>
          <h2 id="content-title" className={styles.cardTitle}>
            Recent Threads
          </h2>
          <p className={styles.muted}>The newest threads, including those waiting for approval.</p>
        </div>
        <LinkButton to="/admin" search={{ tab: 'categories' }} variant="secondary" size="sm">
          <FolderTree size={14} aria-hidden />
          {CONSOLE_TEXT.manageCategories}
        </LinkButton>
      </div>
      {query.isLoading ? (
        <LoadingRows rows={SKELETON_ROWS.list} label="Loading threads" />
      ) : threads.length === 0 ? (
        <p className={styles.empty}>{CONSOLE_TEXT.noThreads}</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead className={styles.thead}>
              <tr className={styles.tr}>
                <th className={styles.th}>Thread</th>
                <th className={styles.th}>Author</th>
                <th className={styles.th}>Category</th>
                <th className={styles.th}>Created</th>
                <th className={styles.th}>Actions</th>
              </tr>
            </thead>
            <tbody className={styles.tbody}>
              {threads.map((thread) => (
                <tr key={thread.id} className={styles.tr}>
                  <td data-label="Thread" className={`${styles.td} ${styles.threadCell}`}>
                    <div className={styles.threadTitle}>
                      {thread.isPremium && (
                        <Gem size={14} className={styles.premiumIcon} role="img" aria-label="Premium" />
                      )}
                      <span className={styles.truncate} title={thread.title}>
                        {thread.title}
                      </span>
                    </div>
                    <p className={styles.excerpt}>{excerptOf(thread.content)}</p>
                    {!thread.isApproved && <span className={styles.badge.pending}>{THREAD_TEXT.pendingApproval}</span>}
                  </td>
                  <td data-label="Author" className={styles.td}>
                    {thread.author?.username ?? CONSOLE_TEXT.unknownAuthor}
                  </td>
                  <td data-label="Category" className={styles.td}>
                    {thread.category?.name ?? CONSOLE_TEXT.uncategorized}
                  </td>
                  <td data-label="Created" className={`${styles.td} ${styles.nowrap}`}>
                    {formatDay(thread.createdAt)}
                  </td>
                  <td data-label="Actions" className={styles.td}>
                    <div className={styles.actions}>
                      <NewTabThreadLink threadId={thread.id} label={`View ${thread.title} in a new tab`} />
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={`Delete ${thread.title}`}
                        onPress={() => setDeleting(thread)}
                      >
                        <Trash2 size={14} aria-hidden />
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {deleting && (
        <DeleteThreadConfirm
          thread={deleting}
          errorTitle={CONSOLE_TEXT.deleteThreadFailed}
          onClose={() => setDeleting(null)}
        />
      )}
    </section>
  );
}
