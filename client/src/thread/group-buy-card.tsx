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
import { CheckCircle2, Coins, LogIn, PartyPopper, Users } from 'lucide-react';
import { ProgressBar } from 'react-aria-components';
import { call } from '../api/client.ts';
import { Button, LinkButton } from '../components/button.tsx';
import { SESSION_QUERY_KEY } from '../session/use-session.ts';
import { toast } from '../stores/toast-store.ts';
import * as styles from './group-buy-card.css.ts';
import { actions, card, cardTitle, coins, infoNotice, muted, noticeTitle, successNotice } from './thread.css.ts';
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
  };
}

/** A group buy: each participant pays once; when the last place fills, the content unlocks for all of them. */
export function GroupBuyCard({ thread, viewer }: { thread: Thread; viewer: CurrentUser | null }) {
  const queryClient = useQueryClient();
  const status = useGroupBuyStatus(thread.id, true);
  const groupBuy = groupBuyOf(thread, status.data);
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
      <ProgressBar className={styles.progress} value={percent} aria-label="Group buy progress">
        <span className={styles.progressLabel}>
          <span>
            {groupBuy.current} of {groupBuy.required} participants
          </span>
          <span>{Math.round(percent)}%</span>
        </span>
        <span className={styles.track}>
          <span className={groupBuy.isCompleted ? styles.completeFill : styles.fill} style={{ width: `${percent}%` }} />
        </span>
      </ProgressBar>
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

/** What the group buy unlocks, as the organiser wrote it: text that keeps its lines (a key, a link, steps). */
function UnlockedContent({ content }: { content: string }) {
  return <p className={styles.unlocked}>{content}</p>;
}

interface GroupBuyActionProps {
  groupBuy: ReturnType<typeof groupBuyOf>;
  viewer: CurrentUser | null;
  isOrganiser: boolean;
  onContribute: () => void;
  isPending: boolean;
}

/** What the viewer can do now: nothing once complete or after paying, log in, or contribute. */
function GroupBuyAction({ groupBuy, viewer, isOrganiser, onContribute, isPending }: GroupBuyActionProps) {
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
      </div>
    );
  }
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
