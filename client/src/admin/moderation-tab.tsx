import { CONSOLE_TEXT, FORUM_PAGE_TEXT, LIMITS, SKELETON_ROWS, type Thread } from '@enclave/protocol';
import { AlertTriangle, Ban, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../components/button.tsx';
import { CardHeading } from '../components/card-heading.tsx';
import { LoadMoreButton } from '../components/load-more-button.tsx';
import { SearchField } from '../components/search-field.tsx';
import { LoadingRows } from '../components/skeleton.tsx';
import { useDebouncedValue } from '../components/use-debounced-value.ts';
import { useSession } from '../session/use-session.ts';
import * as styles from './admin.css.ts';
import { isDenied, useThreadSearch } from './admin-queries.ts';
import { CancelGroupBuyDialog } from './cancel-group-buy-dialog.tsx';
import { DeleteThreadConfirm } from './delete-thread-confirm.tsx';
import { ModerationLog } from './moderation-log.tsx';
import { NewTabThreadLink } from './thread-links.tsx';

const SEARCH_DEBOUNCE_MS = 300;

/** Spec 001 §2: the search looks at the title and the content, case-insensitively. */
export function matchesTitleOrContent(thread: Pick<Thread, 'title' | 'content'>, search: string): boolean {
  const needle = search.trim().toLowerCase();
  return !needle || thread.title.toLowerCase().includes(needle) || thread.content.toLowerCase().includes(needle);
}

/** Spec 001 §2, moderation: every thread, searchable, with delete; admins also see the moderation log. */
export function ModerationTab() {
  const { user } = useSession();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const query = useThreadSearch(q);
  const [deleting, setDeleting] = useState<Thread | null>(null);
  const [cancelling, setCancelling] = useState<Thread | null>(null);

  // Spec 001 §6: a 401 or 403 is an empty list; the server narrows by q, the list follows each keystroke.
  const failed = query.isError && !isDenied(query.error);
  const threads = (query.data?.pages.flat() ?? []).filter((thread) => matchesTitleOrContent(thread, search));

  return (
    <div className={styles.form}>
      <section className={styles.card} aria-labelledby="moderation-title">
        <CardHeading id="moderation-title" title="Thread Moderation">
          Every thread, newest first. Deleting a thread is permanent and also deletes its premium sister thread.
        </CardHeading>
        <SearchField
          label="Search threads"
          placeholder="Title or content"
          maxLength={LIMITS.searchQueryMax}
          value={search}
          onChange={setSearch}
        />
        {query.isLoading ? (
          <LoadingRows rows={SKELETON_ROWS.list} label="Loading threads" />
        ) : failed ? (
          <p className={styles.errorBox} role="alert">
            {FORUM_PAGE_TEXT.errorLoadingThreads}
          </p>
        ) : threads.length === 0 ? (
          <p className={styles.empty}>{search.trim() ? CONSOLE_TEXT.noSearchMatches : CONSOLE_TEXT.noThreads}</p>
        ) : (
          <ul className={styles.list} aria-label="Threads">
            {threads.map((thread) => (
              <li key={thread.id} className={styles.item} aria-label={thread.title}>
                <div className={styles.itemHead}>
                  <span className={styles.itemTitle}>{thread.title}</span>
                  <div className={styles.actions}>
                    <NewTabThreadLink threadId={thread.id} label={`View ${thread.title} in a new tab`} />
                    {user?.abilities.canModerate && thread.groupBuyStatus === 'open' && (
                      <Button
                        size="sm"
                        variant="secondary"
                        aria-label={`${CONSOLE_TEXT.cancelGroupBuy}: ${thread.title}`}
                        onPress={() => setCancelling(thread)}
                      >
                        <Ban size={14} aria-hidden />
                      </Button>
                    )}
                    {user?.abilities.canDeleteThreads && (
                      <Button
                        size="sm"
                        variant="destructive"
                        aria-label={`Delete ${thread.title}`}
                        onPress={() => setDeleting(thread)}
                      >
                        <Trash2 size={14} aria-hidden />
                      </Button>
                    )}
                  </div>
                </div>
                <div className={styles.meta}>
                  <span>ID: {thread.id}</span>
                  {thread.groupBuyStatus && (
                    <span className={styles.badge.neutral}>Group buy: {thread.groupBuyStatus}</span>
                  )}
                  {thread.isPremium && <span className={styles.badge.premium}>Premium</span>}
                  {thread.isPremium && thread.premiumCost !== null && (
                    <span>{FORUM_PAGE_TEXT.coins(thread.premiumCost)}</span>
                  )}
                  {thread.isSisterThread && thread.parentThreadId !== null && (
                    <span className={styles.badge.neutral}>Premium discussion of #{thread.parentThreadId}</span>
                  )}
                  <span>by {thread.author?.username ?? CONSOLE_TEXT.unknownAuthor}</span>
                </div>
                {thread.sisterThreadId !== null && (
                  <p className={styles.warning}>
                    <AlertTriangle size={16} aria-hidden />
                    This thread has a premium sister thread (ID {thread.sisterThreadId}); deleting it deletes that too.
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
        <LoadMoreButton pages={query} className={styles.loadMore} />
      </section>
      {user?.abilities.canReadModerationLog && <ModerationLog />}
      {cancelling && <CancelGroupBuyDialog thread={cancelling} onClose={() => setCancelling(null)} />}
      {deleting && (
        <DeleteThreadConfirm thread={deleting} errorTitle={CONSOLE_TEXT.error} onClose={() => setDeleting(null)} />
      )}
    </div>
  );
}
