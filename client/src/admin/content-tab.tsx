import { CONSOLE_TEXT, SKELETON_ROWS, THREAD_TEXT, type Thread } from '@enclave/protocol';
import { FolderTree, Gem, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button, LinkButton } from '../components/button.tsx';
import { CardHeading } from '../components/card-heading.tsx';
import { DataTable } from '../components/data-table.tsx';
import { LoadingRows } from '../components/skeleton.tsx';
import { useSession } from '../session/use-session.ts';
import * as styles from './admin.css.ts';
import { useRecentThreads } from './admin-queries.ts';
import { DeleteThreadConfirm } from './delete-thread-confirm.tsx';
import { formatDay } from './member-status.ts';
import { excerptOf, NewTabThreadLink } from './thread-links.tsx';

/** Spec 001 §2, content: the newest threads, pending ones included, with view and delete. */
export function ContentTab() {
  const { user } = useSession();
  const query = useRecentThreads();
  const [deleting, setDeleting] = useState<Thread | null>(null);
  // Spec 001 §7: a failed list reads as an empty one.
  const threads = query.data ?? [];

  return (
    <section className={styles.card} aria-labelledby="content-title">
      <div className={styles.cardHeader}>
        <CardHeading id="content-title" title="Recent Threads">
          The newest threads, including those waiting for approval.
        </CardHeading>
        {user?.abilities.canManageCategories && (
          <LinkButton to="/admin" search={{ tab: 'categories' }} variant="secondary" size="sm">
            <FolderTree size={14} aria-hidden />
            {CONSOLE_TEXT.manageCategories}
          </LinkButton>
        )}
      </div>
      {query.isLoading ? (
        <LoadingRows rows={SKELETON_ROWS.list} label="Loading threads" />
      ) : threads.length === 0 ? (
        <p className={styles.empty}>{CONSOLE_TEXT.noThreads}</p>
      ) : (
        <DataTable
          rows={threads}
          rowKey={(thread) => thread.id}
          columns={[
            {
              label: 'Thread',
              className: styles.threadCell,
              cell: (thread) => (
                <>
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
                </>
              ),
            },
            {
              label: 'Author',
              cell: (thread) => {
                const name = thread.author?.username ?? CONSOLE_TEXT.unknownAuthor;
                // Up to 32 characters without a space: cut, so the phone's card of cells keeps the screen's width.
                return (
                  <span className={styles.truncate} title={name}>
                    {name}
                  </span>
                );
              },
            },
            { label: 'Category', cell: (thread) => thread.category?.name ?? CONSOLE_TEXT.uncategorized },
            { label: 'Created', className: styles.nowrap, cell: (thread) => formatDay(thread.createdAt) },
            {
              label: 'Actions',
              cell: (thread) => (
                <div className={styles.actions}>
                  <NewTabThreadLink threadId={thread.id} label={`View ${thread.title} in a new tab`} />
                  {user?.abilities.canDeleteThreads && (
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Delete ${thread.title}`}
                      onPress={() => setDeleting(thread)}
                    >
                      <Trash2 size={14} aria-hidden />
                    </Button>
                  )}
                </div>
              ),
            },
          ]}
        />
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
