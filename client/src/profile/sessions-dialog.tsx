import { type ClientSummary, type DeviceType, FACTOR_TEXT, SESSIONS_TEXT, type SessionInfo } from '@enclave/protocol';
import { type LucideIcon, Monitor, MonitorSmartphone, Smartphone, Tablet } from 'lucide-react';
import { Button } from '../components/button.tsx';
import { formatDateTime } from '../components/dates.ts';
import { ModalDialog } from '../components/modal-dialog.tsx';
import { LoadingRows } from '../components/skeleton.tsx';
import { timeAgo } from '../components/time-ago.ts';
import * as styles from './security.css.ts';
import { useEndOtherSessions, useEndSession, useSessions } from './security-queries.ts';

const DEVICE_ICONS: Record<DeviceType, LucideIcon> = {
  desktop: Monitor,
  phone: Smartphone,
  tablet: Tablet,
  other: MonitorSmartphone,
};

/** 'Chrome 131 on Desktop (Linux)'. */
export const clientLabel = (client: ClientSummary) => `${client.browser} on ${client.device}`;

/** Manage (the Security tab): every signed-in browser, this one marked; any other can be ended, or all at once. */
export function SessionsDialog({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <ModalDialog title={SESSIONS_TEXT.title} isOpen={isOpen} onOpenChange={onOpenChange} size="lg">
      <SessionsPanel onClose={() => onOpenChange(false)} />
    </ModalDialog>
  );
}

function SessionsPanel({ onClose }: { onClose: () => void }) {
  const sessions = useSessions();
  const endOthers = useEndOtherSessions();
  const list = sessions.data?.sessions ?? [];
  const others = list.filter((session) => !session.current).length;

  return (
    <>
      <p className={styles.muted}>{SESSIONS_TEXT.intro}</p>
      {sessions.isLoading ? (
        <LoadingRows rows={2} label={SESSIONS_TEXT.loading} />
      ) : sessions.isError ? (
        <p className={styles.problem}>{SESSIONS_TEXT.loadFailed}</p>
      ) : (
        <ul className={styles.list} aria-label={SESSIONS_TEXT.title}>
          {list.map((session) => (
            <SessionRow key={session.id} session={session} />
          ))}
        </ul>
      )}
      {sessions.isSuccess && others === 0 && <p className={styles.muted}>{SESSIONS_TEXT.noOthers}</p>}
      <div className={styles.actions}>
        <Button
          variant="destructive"
          className={styles.listAction}
          onPress={() => endOthers.mutate()}
          isDisabled={others === 0 || endOthers.isPending}
        >
          {SESSIONS_TEXT.endOthers}
        </Button>
        <Button variant="secondary" onPress={onClose}>
          Close
        </Button>
      </div>
    </>
  );
}

function SessionRow({ session }: { session: SessionInfo }) {
  const end = useEndSession();
  const Icon = DEVICE_ICONS[session.client.deviceType];
  const what = clientLabel(session.client);
  return (
    <li className={styles.row}>
      <span className={styles.icon.neutral}>
        <Icon size={18} aria-hidden />
      </span>
      <div className={styles.main}>
        <span className={styles.title}>
          {what}
          {session.current && <span className={styles.badge.success}>{SESSIONS_TEXT.current}</span>}
        </span>
        <span className={styles.meta}>
          <span>
            {SESSIONS_TEXT.network} {session.client.place}
          </span>
          <span>
            {SESSIONS_TEXT.signedIn} <time dateTime={session.createdAt}>{formatDateTime(session.createdAt)}</time>
          </span>
          <span>
            {FACTOR_TEXT.signedInWith} {FACTOR_TEXT.methods[session.method]}
          </span>
          {!session.current && (
            <span>
              {SESSIONS_TEXT.lastActive}{' '}
              <time dateTime={session.lastSeenAt} title={formatDateTime(session.lastSeenAt)}>
                {timeAgo(session.lastSeenAt)}
              </time>
            </span>
          )}
        </span>
      </div>
      {!session.current && (
        <Button
          variant="secondary"
          size="sm"
          aria-label={SESSIONS_TEXT.endLabel(what)}
          onPress={() => end.mutate(session.id)}
          isDisabled={end.isPending}
        >
          {SESSIONS_TEXT.end}
        </Button>
      )}
    </li>
  );
}
