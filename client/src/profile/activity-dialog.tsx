import {
  ACTIVITY_TEXT,
  type ActivityEntry,
  FACTOR_TEXT,
  LIMITS,
  SESSIONS_TEXT,
  type SignInMethod,
} from '@enclave/protocol';
import {
  ArrowDownLeft,
  ArrowUpRight,
  CreditCard,
  FingerprintPattern,
  KeyRound,
  LifeBuoy,
  LogIn,
  LogOut,
  type LucideIcon,
  MailCheck,
  ShieldAlert,
  ShieldCheck,
  ShieldMinus,
  UserPen,
} from 'lucide-react';
import { Button } from '../components/button.tsx';
import { formatDateTime } from '../components/dates.ts';
import { LoadMoreButton } from '../components/load-more-button.tsx';
import { ModalDialog } from '../components/modal-dialog.tsx';
import { RouterLink } from '../components/router-link.tsx';
import { LoadingRows } from '../components/skeleton.tsx';
import { formatSignedCoins, transactionTitle } from '../wallet/transaction-text.ts';
import * as styles from './security.css.ts';
import { useActivityLog } from './security-queries.ts';
import { clientLabel } from './sessions-dialog.tsx';

type Tone = keyof typeof styles.icon;

const PAYMENT_TITLES: Record<string, string> = {
  pending: ACTIVITY_TEXT.paymentStarted,
  completed: ACTIVITY_TEXT.paymentCompleted,
  failed: ACTIVITY_TEXT.paymentFailed,
};

/** Which factor an entry's detail names (passkey, app), said as its own change is. */
const FACTOR_CHANGES: Record<string, { added: string; removed: string }> = {
  passkey: { added: FACTOR_TEXT.passkeyAdded, removed: FACTOR_TEXT.passkeyRemoved },
  app: { added: FACTOR_TEXT.appAdded, removed: FACTOR_TEXT.appRemoved },
};

/** How a sign-in happened (its detail; older entries say 'login', and a registration says so in its title). */
const signInMethodText = (detail: string | null) =>
  detail && detail !== 'registration' && detail in FACTOR_TEXT.methods
    ? FACTOR_TEXT.methods[detail as SignInMethod]
    : null;

/** What an entry says, with its icon and tone. */
function describe(entry: ActivityEntry): { title: string; icon: LucideIcon; tone: Tone } {
  const coins = (entry.coins ?? 0) > 0 ? 'credit' : 'neutral';
  switch (entry.kind) {
    case 'signed_in':
      return {
        title: entry.detail === 'registration' ? ACTIVITY_TEXT.registered : ACTIVITY_TEXT.signedIn,
        icon: LogIn,
        tone: 'neutral',
      };
    case 'sign_in_failed':
      return { title: ACTIVITY_TEXT.signInFailed, icon: ShieldAlert, tone: 'warning' };
    case 'password_changed':
      return { title: ACTIVITY_TEXT.passwordChanged, icon: KeyRound, tone: 'neutral' };
    case 'password_change_failed':
      return { title: ACTIVITY_TEXT.passwordChangeFailed, icon: ShieldAlert, tone: 'warning' };
    case 'profile_updated':
      return {
        title: ACTIVITY_TEXT.profileUpdated(entry.detail?.split(',') ?? []),
        icon: UserPen,
        tone: 'neutral',
      };
    case 'email_verified':
      return { title: ACTIVITY_TEXT.emailVerified, icon: MailCheck, tone: 'neutral' };
    case 'session_ended':
      return {
        title: entry.detail === 'logged_out' ? ACTIVITY_TEXT.loggedOut : ACTIVITY_TEXT.sessionEnded,
        icon: LogOut,
        tone: 'neutral',
      };
    case 'coins_spent':
    case 'coins_received':
      return {
        title: transactionTitle({ entryType: entry.detail ?? '', transactionType: 'other' }),
        icon: coins === 'credit' ? ArrowDownLeft : ArrowUpRight,
        tone: coins,
      };
    case 'payment':
      return { title: PAYMENT_TITLES[entry.detail ?? ''] ?? entry.detail ?? '', icon: CreditCard, tone: 'neutral' };
    case 'factor_added':
      return {
        title: FACTOR_CHANGES[entry.detail ?? '']?.added ?? FACTOR_TEXT.activity.factorAdded,
        icon: entry.detail === 'passkey' ? FingerprintPattern : ShieldCheck,
        tone: 'neutral',
      };
    case 'factor_removed':
      return {
        title: FACTOR_CHANGES[entry.detail ?? '']?.removed ?? FACTOR_TEXT.activity.factorRemoved,
        icon: ShieldMinus,
        tone: 'warning',
      };
    case 'second_step_failed':
      return { title: FACTOR_TEXT.activity.secondStepFailed, icon: ShieldAlert, tone: 'warning' };
    case 'stepped_up': {
      const how = FACTOR_TEXT.activity.proofs[entry.detail ?? ''];
      return {
        title: how ? FACTOR_TEXT.activity.steppedUp(how) : FACTOR_TEXT.stepUpTitle,
        icon: ShieldCheck,
        tone: 'neutral',
      };
    }
    case 'recovery_code_used':
      return { title: FACTOR_TEXT.activity.recoveryCodeUsed, icon: LifeBuoy, tone: 'warning' };
    case 'recovery_codes_renewed':
      return { title: FACTOR_TEXT.activity.recoveryCodesRenewed, icon: LifeBuoy, tone: 'neutral' };
  }
}

/** View Log (the Security tab): the member's own security events and coin movements, newest first. */
export function ActivityDialog({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <ModalDialog title={ACTIVITY_TEXT.title} isOpen={isOpen} onOpenChange={onOpenChange} size="lg">
      <ActivityPanel onClose={() => onOpenChange(false)} />
    </ModalDialog>
  );
}

function ActivityPanel({ onClose }: { onClose: () => void }) {
  const log = useActivityLog();
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <>
      <p className={styles.muted}>{ACTIVITY_TEXT.intro(LIMITS.activityRetentionDays)}</p>
      {log.isLoading ? (
        <LoadingRows rows={3} label={ACTIVITY_TEXT.loading} />
      ) : log.isError ? (
        <p className={styles.problem}>{ACTIVITY_TEXT.loadFailed}</p>
      ) : entries.length === 0 ? (
        <p className={styles.muted}>{ACTIVITY_TEXT.empty}</p>
      ) : (
        <ul className={styles.list} aria-label={ACTIVITY_TEXT.title}>
          {entries.map((entry) => (
            <ActivityRow key={entry.id} entry={entry} />
          ))}
        </ul>
      )}
      <div className={styles.actions}>
        <LoadMoreButton pages={log} className={styles.listAction} />
        <Button variant="secondary" onPress={onClose}>
          Close
        </Button>
      </div>
    </>
  );
}

function ActivityRow({ entry }: { entry: ActivityEntry }) {
  const { title, icon: Icon, tone } = describe(entry);
  return (
    <li className={styles.row}>
      <span className={styles.icon[tone]}>
        <Icon size={18} aria-hidden />
      </span>
      <div className={styles.main}>
        <span className={styles.title}>{title}</span>
        <span className={styles.meta}>
          <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
          {entry.kind === 'signed_in' && signInMethodText(entry.detail) && (
            <span>
              {FACTOR_TEXT.signedInWith} {signInMethodText(entry.detail)}
            </span>
          )}
          {entry.client && <span>{clientLabel(entry.client)}</span>}
          {entry.client && (
            <span>
              {SESSIONS_TEXT.network} {entry.client.place}
            </span>
          )}
          {entry.threadId !== null && (
            <RouterLink to="/thread/$id" params={{ id: String(entry.threadId) }} className={styles.link}>
              {ACTIVITY_TEXT.viewThread}
            </RouterLink>
          )}
        </span>
      </div>
      {entry.coins !== null && (
        <span className={styles.coins[entry.coins > 0 ? 'credit' : 'debit']}>
          {entry.kind === 'payment' ? entry.coins : formatSignedCoins(entry.coins)} coins
        </span>
      )}
    </li>
  );
}
