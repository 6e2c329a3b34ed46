import { type CurrentUser, THREAD_PAGE_TEXT, THREAD_TEXT, type Thread } from '@enclave/protocol';
import { ArrowLeft, ShieldCheck } from 'lucide-react';
import { CookedText } from '../components/cooked-text.tsx';
import { formatDateTime } from '../components/dates.ts';
import { RouterLink } from '../components/router-link.tsx';
import { badge } from '../forum/badge.css.ts';
import { TagList } from '../forum/tag-list.tsx';
import { CategoryLink, PremiumBadge, PrivateBadge } from '../forum/thread-labels.tsx';
import { ReactionBar } from '../reactions/reaction-bar.tsx';
import { ReportButton } from '../reports/report-button.tsx';
import { AuthorPanel } from './author-panel.tsx';
import { GroupBuyCard } from './group-buy-card.tsx';
import { PremiumDiscussion } from './premium-discussion.tsx';
import { ReadersStrip } from './readers-strip.tsx';
import { ReplyActions } from './reply-actions.tsx';
import { ReplyForm } from './reply-form.tsx';
import { ReplyList } from './reply-list.tsx';
import { card, infoNotice, noticeTitle } from './thread.css.ts';
import * as styles from './thread-page.css.ts';

/** A thread the viewer may read: the post itself, what it sells, and its replies. */
export function ThreadView({ thread, viewer }: { thread: Thread; viewer: CurrentUser | null }) {
  return (
    <>
      <div className={styles.article}>
        <AuthorPanel thread={thread} viewer={viewer} />
        <article className={card} aria-labelledby="thread-title">
          <h1 id="thread-title" className={styles.title}>
            {thread.title}
          </h1>
          <ThreadBadges thread={thread} />
          {!thread.isApproved && (
            <div className={infoNotice} role="status">
              <span className={noticeTitle}>
                <ShieldCheck size={16} aria-hidden />
                {THREAD_TEXT.pendingApproval}
              </span>
              <p>{THREAD_PAGE_TEXT.pendingText}</p>
            </div>
          )}
          {thread.isSisterThread && thread.parentThreadId !== null && (
            <RouterLink to="/thread/$id" params={{ id: String(thread.parentThreadId) }} className={styles.categoryLink}>
              <ArrowLeft size={12} aria-hidden />
              The public thread of this premium discussion
            </RouterLink>
          )}
          <CookedText html={thread.cooked ?? ''} className={styles.content} />
          <ReactionBar target="thread" id={thread.id} threadId={thread.id} reactions={thread.reactions} />
          <p className={styles.meta}>
            <time dateTime={thread.createdAt}>{formatDateTime(thread.createdAt)}</time>
            <ReportButton contentType="thread" contentId={thread.id} authorId={thread.authorId} />
            <ReplyActions
              source={{ threadId: thread.id, number: null, authorName: thread.authorName }}
              content={thread.content}
              canStartReply={false}
            />
          </p>
        </article>
      </div>
      {thread.hasUnlockableContent && <PremiumDiscussion thread={thread} viewer={viewer} />}
      {thread.isGroupBuy && <GroupBuyCard thread={thread} viewer={viewer} />}
      <ReplyList threadId={thread.id} />
      <ReplyForm threadId={thread.id} />
    </>
  );
}

/** Category, Premium with its cost, Private, the tags, and who is reading now. */
function ThreadBadges({ thread }: { thread: Thread }) {
  return (
    <div className={styles.meta}>
      <CategoryLink category={thread.category} className={styles.categoryLink} unknownClassName={badge.private} />
      {thread.isPremium && <PremiumBadge cost={thread.premiumCost} />}
      {thread.isPrivate && <PrivateBadge />}
      <TagList tags={thread.tags} tone="quiet" />
      <ReadersStrip threadId={thread.id} />
    </div>
  );
}
