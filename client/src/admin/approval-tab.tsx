import { api, CONSOLE_TEXT, PAGE_TEXT, SKELETON_ROWS } from '@enclave/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Info } from 'lucide-react';
import { call } from '../api/client.ts';
import { Button } from '../components/button.tsx';
import { CardHeading } from '../components/card-heading.tsx';
import { LoadingRows } from '../components/skeleton.tsx';
import { timeAgo } from '../components/time-ago.ts';
import { refreshForumLists } from '../forum/forum-queries.ts';
import { toast } from '../stores/toast-store.ts';
import * as styles from './admin.css.ts';
import { markApproved } from './admin-cache.ts';
import { isDenied, useApprovalQueue } from './admin-queries.ts';
import { formatMoment } from './member-status.ts';
import { excerptOf, NewTabThreadLink } from './thread-links.tsx';

/** Spec 001 §2, threads: members' new threads wait here until a moderator or an admin approves them; live. */
export function ApprovalTab() {
  const query = useApprovalQueue();
  const queryClient = useQueryClient();
  const approval = useMutation({
    mutationFn: (id: number) => call(api.approveThread, { params: { id }, errorTitle: CONSOLE_TEXT.error }),
    onSuccess: (reply, id) => {
      markApproved(queryClient, id);
      refreshForumLists(queryClient);
      toast({ title: reply.message, description: `"${reply.thread.title}" is now visible to members.` });
    },
  });

  // Spec 001 §6: a 401 or 403 is an empty queue, not an error.
  const failed = query.isError && !isDenied(query.error);
  const threads = query.data ?? [];

  return (
    <div className={styles.withAside}>
      <section className={styles.card} aria-labelledby="approval-title">
        <CardHeading id="approval-title" title="Threads Pending Approval">
          Oldest first. New threads appear here as members post them.
        </CardHeading>
        {query.isLoading ? (
          <LoadingRows rows={SKELETON_ROWS.list} label="Loading pending threads" />
        ) : failed ? (
          <p className={styles.errorBox} role="alert">
            {CONSOLE_TEXT.errorLoadingUnapproved}
          </p>
        ) : threads.length === 0 ? (
          <p className={styles.empty}>{PAGE_TEXT.noPendingThreads}</p>
        ) : (
          <ul className={styles.list} aria-label="Pending threads">
            {threads.map((thread) => (
              <li key={thread.id} className={styles.item} aria-label={thread.title}>
                <div className={styles.itemHead}>
                  <span className={styles.itemTitle}>{thread.title}</span>
                  <time className={styles.muted} dateTime={thread.createdAt} title={formatMoment(thread.createdAt)}>
                    {timeAgo(thread.createdAt)}
                  </time>
                </div>
                <div className={styles.meta}>
                  <span>by {thread.author?.username ?? CONSOLE_TEXT.unknownAuthor}</span>
                  <span>in {thread.category?.name ?? CONSOLE_TEXT.uncategorized}</span>
                  {thread.isPremium && <span className={styles.badge.premium}>Premium</span>}
                </div>
                <p className={styles.excerpt}>{excerptOf(thread.content)}</p>
                <div className={styles.actions}>
                  <NewTabThreadLink threadId={thread.id}>{CONSOLE_TEXT.viewThread}</NewTabThreadLink>
                  <Button
                    size="sm"
                    isDisabled={approval.isPending && approval.variables === thread.id}
                    onPress={() => approval.mutate(thread.id)}
                  >
                    <CheckCircle2 size={14} aria-hidden />
                    {CONSOLE_TEXT.approveThread}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <aside className={styles.card} aria-labelledby="approval-guide">
        <h2 id="approval-guide" className={styles.cardTitle}>
          <Info size={18} aria-hidden />
          Approval Guide
        </h2>
        <ul className={styles.guide}>
          <li>Until it is approved, a thread is visible only to its author and to staff.</li>
          <li>Open it with View Thread to read it in full, premium content included.</li>
          <li>Approve threads that follow the forum's rules; approving also publishes its premium discussion.</li>
          <li>Delete a thread that breaks the rules from Thread Moderation.</li>
          <li>Every approval is recorded in the moderation log, and leaves every staff member's queue at once.</li>
        </ul>
      </aside>
    </div>
  );
}
