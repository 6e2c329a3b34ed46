import type { ModerationAction, ModerationLogEntry } from '@enclave/protocol';
import { ScrollText } from 'lucide-react';
import { CardHeading } from '../components/card-heading.tsx';
import { LoadMoreButton } from '../components/load-more-button.tsx';
import { LoadingRows } from '../components/skeleton.tsx';
import { timeAgo } from '../components/time-ago.ts';
import * as styles from './admin.css.ts';
import { useModerationLog } from './admin-queries.ts';
import { formatMoment } from './member-status.ts';

const ACTIONS: Record<ModerationAction, string> = {
  'user.ban': 'banned a member',
  'user.unban': 'lifted a ban',
  'user.mute': 'muted a member',
  'user.unmute': 'lifted a mute',
  'user.role': "changed a member's role",
  'user.passwordReset': "reset a member's password",
  'user.factorsReset': "reset a member's second factors",
  'thread.approve': 'approved a thread',
  'thread.edit': 'edited a thread',
  'thread.delete': 'deleted a thread',
  'groupBuy.cancel': 'cancelled a group buy',
  'report.approve': 'took action on a report',
  'report.dismiss': 'dismissed a report',
  'category.create': 'created a category',
  'category.update': 'updated a category',
  'category.delete': 'deleted a category',
  'coins.grant': 'granted test coins',
  'payment.confirm': 'confirmed a payment',
  'payment.reject': 'rejected a payment',
  'wallets.update': 'updated the crypto wallets',
  'database.restore': 'restored the database',
};

function targetOf(entry: ModerationLogEntry): string {
  if (entry.targetId === null) return '';
  return ` · ${entry.targetType} #${entry.targetId}`;
}

/** Admins: who did what, when and why (the moderation log), newest first. */
export function ModerationLog() {
  const query = useModerationLog();
  const entries = query.data?.pages.flat() ?? [];
  return (
    <section className={styles.card} aria-labelledby="moderation-log-title">
      <CardHeading id="moderation-log-title" icon={ScrollText} title="Moderation Log">
        Every staff action, newest first. Only administrators see this log.
      </CardHeading>
      {query.isLoading ? (
        <LoadingRows rows={3} label="Loading the moderation log" />
      ) : entries.length === 0 ? (
        <p className={styles.empty}>No moderation actions yet.</p>
      ) : (
        <ul className={styles.list} aria-label="Moderation actions">
          {entries.map((entry) => (
            <li key={entry.id} className={styles.logEntry}>
              <span>
                <strong>
                  {entry.actor?.username ?? (entry.byOperator ? 'An admin command' : 'A deleted account')}
                </strong>{' '}
                {ACTIONS[entry.action]}
                <span className={styles.muted}>{targetOf(entry)}</span>
              </span>
              {entry.reason && <span className={styles.muted}>Reason: {entry.reason}</span>}
              <time className={styles.muted} dateTime={entry.createdAt} title={formatMoment(entry.createdAt)}>
                {timeAgo(entry.createdAt)}
              </time>
            </li>
          ))}
        </ul>
      )}
      <LoadMoreButton pages={query} className={styles.loadMore} />
    </section>
  );
}
