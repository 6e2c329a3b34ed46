import { api, CONSOLE_TEXT, REPORT_TEXT, type Report, SKELETON_ROWS } from '@enclave/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Check, Flag, X } from 'lucide-react';
import { call } from '../api/client.ts';
import { Button } from '../components/button.tsx';
import { CardHeading } from '../components/card-heading.tsx';
import { LoadingRows } from '../components/skeleton.tsx';
import { timeAgo } from '../components/time-ago.ts';
import { refreshForumLists } from '../forum/forum-queries.ts';
import { toast } from '../stores/toast-store.ts';
import * as styles from './admin.css.ts';
import { ADMIN_THREADS_KEY, REPORT_QUEUE_KEY, unqueueReport } from './admin-cache.ts';
import { useReportQueue } from './admin-queries.ts';
import { formatMoment } from './member-status.ts';
import { NewTabThreadLink } from './thread-links.tsx';

const CONTENT_LABELS: Record<Report['contentType'], string> = { thread: 'Thread', post: 'Reply', message: 'Message' };

/** Spec 001 §2, reports: the open queue, oldest first, live for every staff member. */
export function ReportsTab() {
  const query = useReportQueue();
  const queryClient = useQueryClient();

  const resolve = useMutation({
    mutationFn: ({ report, action }: { report: Report; action: 'approve' | 'dismiss' }) =>
      action === 'approve'
        ? call(api.approveReport, { params: { id: report.id }, errorTitle: CONSOLE_TEXT.approveReportFailed })
        : call(api.dismissReport, { params: { id: report.id }, errorTitle: CONSOLE_TEXT.dismissReportFailed }),
    onSuccess: (reply, { action }) => {
      unqueueReport(queryClient, reply.report.id);
      toast({ title: reply.message });
      if (action === 'approve') {
        // The content is gone: every report about it closed, and lists that showed it change.
        void queryClient.invalidateQueries({ queryKey: REPORT_QUEUE_KEY });
        void queryClient.invalidateQueries({ queryKey: ADMIN_THREADS_KEY });
        refreshForumLists(queryClient);
      }
    },
  });

  const act = (report: Report, action: 'approve' | 'dismiss') => {
    const kind = CONTENT_LABELS[report.contentType].toLowerCase();
    const question =
      action === 'approve'
        ? `Take action on this report? The reported ${kind} will be removed.`
        : `Dismiss this report? The ${kind} stays as it is.`;
    if (window.confirm(question)) resolve.mutate({ report, action });
  };

  // Spec 001 §7: a failed list reads as an empty one.
  const reports = query.data ?? [];

  return (
    <section className={styles.card} aria-labelledby="reports-title">
      <CardHeading id="reports-title" icon={Flag} title="Reported Content">
        Take Action removes the reported content and closes every open report about it. Dismiss closes the report and
        keeps the content.
      </CardHeading>
      {query.isLoading ? (
        <LoadingRows rows={SKELETON_ROWS.list} label="Loading reports" />
      ) : reports.length === 0 ? (
        <p className={styles.empty}>{REPORT_TEXT.noReports}</p>
      ) : (
        <ul className={styles.list} aria-label="Open reports">
          {reports.map((report) => {
            const busy = resolve.isPending && resolve.variables.report.id === report.id;
            return (
              <li key={report.id} className={styles.item} aria-label={`Report ${report.id}`}>
                <div className={styles.itemHead}>
                  <div className={styles.meta}>
                    <span className={styles.badge.neutral}>{CONTENT_LABELS[report.contentType]}</span>
                    <span>
                      Reported by <strong>{report.reporterName ?? 'a deleted member'}</strong>
                    </span>
                    <time dateTime={report.createdAt} title={formatMoment(report.createdAt)}>
                      {timeAgo(report.createdAt)}
                    </time>
                  </div>
                  {report.contentAuthor && (
                    <span className={styles.muted}>Written by {report.contentAuthor.username}</span>
                  )}
                </div>
                <p className={styles.itemTitle}>Reason: {report.reason}</p>
                <blockquote className={styles.quote}>{report.contentText}</blockquote>
                <div className={styles.actions}>
                  <Button size="sm" variant="destructive" isDisabled={busy} onPress={() => act(report, 'approve')}>
                    <Check size={14} aria-hidden />
                    {CONSOLE_TEXT.takeAction}
                  </Button>
                  <Button size="sm" variant="secondary" isDisabled={busy} onPress={() => act(report, 'dismiss')}>
                    <X size={14} aria-hidden />
                    {CONSOLE_TEXT.dismiss}
                  </Button>
                  {report.threadId !== null && (
                    <NewTabThreadLink threadId={report.threadId}>{CONSOLE_TEXT.viewThread}</NewTabThreadLink>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
