import {
  api,
  type CurrentUser,
  FORUM_PAGE_TEXT,
  FORUM_TEXT,
  type GroupBuyStatus,
  PROGRESS_CAP,
  THREAD_PAGE_TEXT,
  THREAD_TEXT,
  type Thread,
} from '@enclave/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Ban, CheckCircle2, Clock, Coins, LogIn, PartyPopper, TimerOff, Users } from 'lucide-react';
import { call } from '../api/client.ts';
import { Button, LinkButton } from '../components/button.tsx';
import { SESSION_QUERY_KEY } from '../session/use-session.ts';
import { toast } from '../stores/toast-store.ts';
import * as styles from './group-buy-card.css.ts';
import { formatTimeLeft, useTimeLeft } from './group-buy-countdown.ts';
import {
  actions,
  card,
  cardTitle,
  coins,
  dangerNotice,
  infoNotice,
  muted,
  noticeTitle,
  successNotice,
  warningNotice,
} from './thread.css.ts';
import { applyContribution } from './thread-cache.ts';
import { useGroupBuyStatus } from './thread-queries.ts';

/** Spec 001 §4: progress = min(100, current / required × 100). */
export function progressPercent(current: number, required: number): number {
  if (required <= 0) return 0;
  return Math.min(PROGRESS_CAP, (current / required) * 100);
}

/** The status call knows whether the viewer is in; until it answers, the thread's own counts show. */
function groupBuyOf(thread: Thread, status: GroupBuyStatus | undefined) {
  return {
    current: status?.current ?? thread.groupBuyCurrentParticipants,
    required: status?.required ?? thread.groupBuyParticipantsRequired ?? 0,
    contribution: status?.contributionAmount ?? thread.groupBuyContributionAmount ?? 0,
    isCompleted: status?.isCompleted ?? thread.isGroupBuyCompleted,
    isParticipant: status?.isParticipant ?? false,
    /** Only for the organiser, staff, and participants once complete: the server decides. */
    content: status?.content ?? null,
    phase: status?.status ?? thread.groupBuyStatus ?? 'open',
    deadline: status?.deadline ?? thread.groupBuyDeadline,
  };
}

type GroupBuy = ReturnType<typeof groupBuyOf> & {
  /** Open, and its deadline not yet reached on this clock: contributions are taken. */
  isTakingPart: boolean;
};

/** A group buy: each participant pays once; when the last place fills, the content unlocks for all of them. */
export function GroupBuyCard({ thread, viewer }: { thread: Thread; viewer: CurrentUser | null }) {
  const queryClient = useQueryClient();
  const status = useGroupBuyStatus(thread.id, true);
  const known = groupBuyOf(thread, status.data);
  const timeLeft = useTimeLeft(known.phase === 'open' ? known.deadline : null);
  const groupBuy: GroupBuy = { ...known, isTakingPart: known.phase === 'open' && (timeLeft === null || timeLeft > 0) };
  const percent = progressPercent(groupBuy.current, groupBuy.required);

  const contribute = useMutation({
    mutationFn: () =>
      call(api.contribute, { params: { id: thread.id }, body: { amount: groupBuy.contribution }, silent: true }),
    onSuccess: (reply) => {
      applyContribution(queryClient, thread.id, reply);
      void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      toast({ title: reply.message });
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: THREAD_PAGE_TEXT.contributionFailed,
        description: error.message || THREAD_TEXT.contributionFailed,
      }),
  });

  // Spec 001 §5: blocked in the client when the balance is below the contribution.
  const onContribute = () => {
    if (viewer && viewer.coinBalance < groupBuy.contribution) {
      toast({
        variant: 'destructive',
        title: THREAD_PAGE_TEXT.insufficientCoins,
        description: THREAD_TEXT.insufficientToContribute(groupBuy.contribution),
      });
      return;
    }
    contribute.mutate();
  };

  return (
    <section className={card} aria-labelledby="group-buy-title">
      <div className={styles.header}>
        <h2 id="group-buy-title" className={cardTitle}>
          <Users size={20} aria-hidden />
          Group Buy
        </h2>
        <span className={coins}>
          <Coins size={16} aria-hidden />
          {FORUM_PAGE_TEXT.coins(groupBuy.contribution)} per participant
        </span>
      </div>
      {/* A plain progressbar, not react-aria's: the card is on the thread page's first screen. */}
      <div
        role="progressbar"
        className={styles.progress}
        aria-label="Group buy progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${Math.round(percent)}%`}
      >
        <span className={styles.progressLabel}>
          <span>
            {groupBuy.current} of {groupBuy.required} participants
          </span>
          <span>{Math.round(percent)}%</span>
        </span>
        <span className={styles.track}>
          <span className={styles.fillOf[groupBuy.phase]} style={{ width: `${percent}%` }} />
        </span>
      </div>
      {groupBuy.phase === 'open' && <Deadline timeLeft={timeLeft} />}
      <GroupBuyAction
        groupBuy={groupBuy}
        viewer={viewer}
        isOrganiser={viewer?.id === thread.authorId}
        onContribute={onContribute}
        isPending={contribute.isPending}
      />
    </section>
  );
}

/** The countdown to the deadline, as a live region screen readers hear only when it reaches zero. */
function Deadline({ timeLeft }: { timeLeft: number | null }) {
  const text =
    timeLeft === null
      ? THREAD_PAGE_TEXT.groupBuyNoDeadline
      : timeLeft > 0
        ? THREAD_PAGE_TEXT.groupBuyEndsIn(formatTimeLeft(timeLeft))
        : THREAD_PAGE_TEXT.groupBuyClosing;
  return (
    <p className={styles.deadline} aria-live={timeLeft !== null && timeLeft <= 0 ? 'polite' : 'off'}>
      <Clock size={16} aria-hidden />
      <span>{text}</span>
    </p>
  );
}

/** What the group buy unlocks, as the organiser wrote it: text that keeps its lines (a key, a link, steps). */
function UnlockedContent({ content }: { content: string }) {
  return <p className={styles.unlocked}>{content}</p>;
}

interface GroupBuyActionProps {
  groupBuy: GroupBuy;
  viewer: CurrentUser | null;
  isOrganiser: boolean;
  onContribute: () => void;
  isPending: boolean;
}

/** What the viewer can do now: nothing once it has ended or after paying, log in, or contribute. */
function GroupBuyAction({ groupBuy, viewer, isOrganiser, onContribute, isPending }: GroupBuyActionProps) {
  if (groupBuy.phase === 'expired' || groupBuy.phase === 'cancelled') {
    const expired = groupBuy.phase === 'expired';
    return (
      <div className={expired ? warningNotice : dangerNotice} role="status">
        <span className={noticeTitle}>
          {expired ? <TimerOff size={16} aria-hidden /> : <Ban size={16} aria-hidden />}
          {expired ? THREAD_PAGE_TEXT.groupBuyExpiredTitle : THREAD_PAGE_TEXT.groupBuyCancelledTitle}
        </span>
        <p>{expired ? THREAD_PAGE_TEXT.groupBuyExpiredText : THREAD_PAGE_TEXT.groupBuyCancelledText}</p>
      </div>
    );
  }
  if (groupBuy.isCompleted) {
    return (
      <div className={successNotice}>
        <span className={noticeTitle}>
          <PartyPopper size={16} aria-hidden />
          {THREAD_PAGE_TEXT.contentUnlocked}
        </span>
        <p>{THREAD_TEXT.groupBuyComplete}</p>
        {groupBuy.content && <UnlockedContent content={groupBuy.content} />}
      </div>
    );
  }
  if (isOrganiser && groupBuy.content) {
    return (
      <div className={infoNotice}>
        <p>{THREAD_PAGE_TEXT.groupBuyContentPreview}</p>
        <UnlockedContent content={groupBuy.content} />
      </div>
    );
  }
  if (groupBuy.isParticipant) {
    return (
      <div className={infoNotice}>
        <span className={noticeTitle}>
          <CheckCircle2 size={16} aria-hidden />
          {THREAD_TEXT.alreadyContributed}
        </span>
        <p>The content unlocks for every participant when the last place fills.</p>
        <p>{THREAD_PAGE_TEXT.groupBuyHeld}</p>
      </div>
    );
  }
  if (!groupBuy.isTakingPart) return null;
  if (!viewer) {
    return (
      <div className={actions}>
        <LinkButton to="/auth">
          <LogIn size={16} aria-hidden />
          Login to Participate
        </LinkButton>
      </div>
    );
  }
  if (isOrganiser) return <p className={muted}>{FORUM_TEXT.organizerCannotContribute}</p>;
  return (
    <div className={actions}>
      <Button onPress={onContribute} isDisabled={isPending}>
        <Coins size={16} aria-hidden />
        {isPending ? 'Contributing…' : `Contribute ${FORUM_PAGE_TEXT.coins(groupBuy.contribution)}`}
      </Button>
    </div>
  );
}
