import { FORUM_PAGE_TEXT, THREAD_PREVIEW_LENGTH, THREAD_TEXT, type Thread } from '@enclave/protocol';
import { Clock, Coins, KeyRound, MessageSquare, ShieldCheck, Users } from 'lucide-react';
import { memo } from 'react';
import { Avatar } from '../components/avatar.tsx';
import { RouterLink } from '../components/router-link.tsx';
import { timeAgo } from '../components/time-ago.ts';
import { useIdleTurn } from '../layout/first-screen.ts';
import { badge } from './badge.css.ts';
import { useAuthor } from './forum-queries.ts';
import { TagList } from './tag-list.tsx';
import * as styles from './thread-card.css.ts';
import { CategoryLink, PremiumBadge, PrivateBadge } from './thread-labels.tsx';

/**
 * Spec 000 §2: at most the first 160 characters, then an ellipsis; the cut falls between words, unless the
 * first word alone is longer than the cut.
 */
export function previewOf(content: string): string {
  if (content.length <= THREAD_PREVIEW_LENGTH) return content;
  const kept = content.slice(0, THREAD_PREVIEW_LENGTH + 1);
  const lastBreak = kept.search(/\s\S*$/);
  const cut = lastBreak > 0 ? kept.slice(0, lastBreak) : kept.slice(0, THREAD_PREVIEW_LENGTH);
  return `${cut.trimEnd()}...`;
}

/** A premium thread or one with a premium discussion that the viewer holds. */
export function isPurchased(thread: Pick<Thread, 'isPremium' | 'hasUnlockableContent' | 'userHasAccess'>): boolean {
  return (thread.isPremium || thread.hasUnlockableContent) && thread.userHasAccess;
}

/** A group buy's phase as a card says it: places only while it is open. */
function groupBuyText(thread: Thread): string {
  if (thread.isGroupBuyCompleted || thread.groupBuyStatus === 'completed') return FORUM_PAGE_TEXT.groupBuyComplete;
  if (thread.groupBuyStatus === 'cancelled') return FORUM_PAGE_TEXT.groupBuyCancelled;
  if (thread.groupBuyStatus === 'expired') return FORUM_PAGE_TEXT.groupBuyExpired;
  return FORUM_PAGE_TEXT.groupBuyPlaces(thread.groupBuyCurrentParticipants, thread.groupBuyParticipantsRequired ?? 0);
}

/**
 * The author as the card's own fetch answers, asked for once the browser is idle (useIdleTurn); the list's name
 * fills in while it loads, a failure gives none. Its own component: the answer renders the name, not the card.
 */
function CardAuthor({ thread }: { thread: Thread }) {
  const author = useAuthor(thread.authorId, useIdleTurn());
  const authorName = author.isError ? null : (author.data?.username ?? thread.authorName);
  return (
    <>
      <Avatar username={authorName} />
      <span className={styles.authorName}>{authorName ?? THREAD_TEXT.anonymous}</span>
    </>
  );
}

/**
 * Spec 000 §2: one thread in a list, linking to its page. Memoised: a list adds cards ten at a time once the first
 * screen is there (useRevealedCount), and each step rendered every card shown before it again.
 */
export const ThreadCard = memo(function ThreadCard({ thread }: { thread: Thread }) {
  const replies = thread.replyCount;
  return (
    <article className={styles.card}>
      <div className={styles.header}>
        <span className={styles.author}>
          <CardAuthor thread={thread} />
          <span className={styles.time}>
            <Clock size={12} aria-hidden />
            {timeAgo(thread.createdAt)}
          </span>
        </span>
        <span className={styles.badges}>
          {!thread.isApproved && (
            <span className={badge.pending}>
              <ShieldCheck size={12} aria-hidden />
              {THREAD_TEXT.pendingApproval}
            </span>
          )}
          {thread.isPremium && <PremiumBadge />}
          {thread.isPrivate && <PrivateBadge />}
          {isPurchased(thread) && <span className={badge.purchased}>{FORUM_PAGE_TEXT.purchased}</span>}
        </span>
      </div>
      <h3 className={styles.title}>
        <RouterLink to="/thread/$id" params={{ id: String(thread.id) }} className={styles.titleLink}>
          {thread.title}
        </RouterLink>
      </h3>
      {thread.content && <p className={styles.preview}>{previewOf(thread.content)}</p>}
      <TagList tags={thread.tags} tone="tinted" />
      <div className={styles.footer}>
        <CategoryLink
          category={thread.category}
          className={styles.categoryLink}
          unknownClassName={styles.unknownCategory}
        />
        <span className={styles.meta}>
          <MessageSquare size={14} aria-hidden />
          {replies} {replies === 1 ? 'reply' : 'replies'}
        </span>
        {thread.isPremium && thread.premiumCost !== null && (
          <span className={styles.coins}>
            <Coins size={14} aria-hidden />
            {FORUM_PAGE_TEXT.coins(thread.premiumCost)}
          </span>
        )}
        {thread.isGroupBuy && (
          <span className={styles.meta}>
            <Users size={14} aria-hidden />
            {groupBuyText(thread)}
          </span>
        )}
        {thread.hasUnlockableContent && thread.unlockableCost !== null && (
          <span className={badge.discussion}>
            <KeyRound size={12} aria-hidden />
            {FORUM_PAGE_TEXT.premiumContent(thread.unlockableCost)}
          </span>
        )}
      </div>
    </article>
  );
});
