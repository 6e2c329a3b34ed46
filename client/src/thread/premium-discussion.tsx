import { type CurrentUser, FORUM_PAGE_TEXT, type Thread, type UnlockableType } from '@enclave/protocol';
import { ArrowRight, Coins, ExternalLink, KeyRound, LogIn, Unlock } from 'lucide-react';
import { lazy } from 'react';
import { button } from '../components/button.css.ts';
import { Button, LinkButton } from '../components/button.tsx';
import { OnDemand } from '../components/on-demand.tsx';
import * as styles from './premium-discussion.css.ts';
import { actions, coins, muted, prose } from './thread.css.ts';
import { useUnlock } from './use-unlock.ts';

const UnlockDialog = lazy(() => import('./unlock-dialog.tsx').then((module) => ({ default: module.UnlockDialog })));

const WHAT_UNLOCKS: Record<UnlockableType, string> = {
  download_link: 'Unlock to get the download link.',
  text_content: 'Unlock to read the private notes.',
  premium_thread: 'Unlock to join the premium discussion thread.',
};

/** Spec 001 §5: Open Link only works when the content starts with http. */
export function isOpenableLink(content: string): boolean {
  return content.startsWith('http');
}

/**
 * The thread's premium discussion (unlockable content). The server sends it only to viewers who hold it,
 * so admins and moderators, who have access, see it unlocked.
 */
export function PremiumDiscussion({ thread, viewer }: { thread: Thread; viewer: CurrentUser | null }) {
  // Held here, not in the locked view: the redirect to the sister thread outlives the locked view.
  const flow = useUnlock(thread);
  return (
    <section className={styles.block} aria-labelledby="premium-discussion-title">
      <h2 id="premium-discussion-title" className={styles.title}>
        <KeyRound size={20} aria-hidden />
        {FORUM_PAGE_TEXT.premiumDiscussion}
      </h2>
      {thread.userHasAccess ? (
        <UnlockedDiscussion thread={thread} />
      ) : (
        <LockedDiscussion thread={thread} viewer={viewer} flow={flow} />
      )}
    </section>
  );
}

interface LockedDiscussionProps {
  thread: Thread;
  viewer: CurrentUser | null;
  flow: ReturnType<typeof useUnlock>;
}

function LockedDiscussion({ thread, viewer, flow }: LockedDiscussionProps) {
  const cost = thread.unlockableCost ?? 0;
  return (
    <>
      <p className={muted}>{WHAT_UNLOCKS[thread.unlockableType ?? 'text_content']}</p>
      <div className={actions}>
        <span className={coins}>
          <Coins size={16} aria-hidden />
          {FORUM_PAGE_TEXT.coins(cost)}
        </span>
        {viewer ? (
          <Button onPress={flow.start} isDisabled={flow.isChecking}>
            <Unlock size={16} aria-hidden />
            Unlock
          </Button>
        ) : (
          <LinkButton to="/auth">
            <LogIn size={16} aria-hidden />
            Login to Unlock
          </LinkButton>
        )}
      </div>
      {viewer && (
        <OnDemand isOpen={flow.isDialogOpen}>
          <UnlockDialog
            cost={cost}
            balance={viewer.coinBalance}
            isOpen={flow.isDialogOpen}
            onOpenChange={flow.openChange}
            onConfirm={() => flow.unlock.mutate()}
            isPending={flow.unlock.isPending}
            error={flow.unlock.error}
          />
        </OnDemand>
      )}
    </>
  );
}

function UnlockedDiscussion({ thread }: { thread: Thread }) {
  const content = thread.unlockableContent;
  if (thread.unlockableType === 'premium_thread') {
    return (
      <>
        {content && <p className={prose}>{content}</p>}
        {thread.sisterThreadId !== null && (
          <div className={actions}>
            <LinkButton to="/thread/$id" params={{ id: String(thread.sisterThreadId) }}>
              Go to Premium Discussion
              <ArrowRight size={16} aria-hidden />
            </LinkButton>
          </div>
        )}
      </>
    );
  }
  if (!content) return <p className={muted}>Unlocked</p>;
  if (thread.unlockableType === 'download_link') {
    return (
      <>
        <p className={styles.link}>{content}</p>
        <div className={actions}>
          {isOpenableLink(content) ? (
            <a className={button({ size: 'sm' })} href={content} target="_blank" rel="noopener noreferrer">
              <ExternalLink size={16} aria-hidden />
              Open Link
            </a>
          ) : (
            <Button size="sm" isDisabled>
              <ExternalLink size={16} aria-hidden />
              Open Link
            </Button>
          )}
        </div>
      </>
    );
  }
  return <p className={`${styles.secret} ${prose}`}>{content}</p>;
}
