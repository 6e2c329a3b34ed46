import { type Post, replyAnchor, SKELETON_ROWS, THREAD_PAGE_TEXT, THREAD_TEXT } from '@enclave/protocol';
import { MessageSquare } from 'lucide-react';
import { memo } from 'react';
import { Avatar } from '../components/avatar.tsx';
import { CookedText } from '../components/cooked-text.tsx';
import { formatDateTime } from '../components/dates.ts';
import { LoadMoreButton } from '../components/load-more-button.tsx';
import { LoadingRows } from '../components/skeleton.tsx';
import { useRevealedCount } from '../layout/first-screen.ts';
import { ReactionBar } from '../reactions/reaction-bar.tsx';
import { ReportButton } from '../reports/report-button.tsx';
import { roleLabel } from './author-panel.tsx';
import { PremiumNotice } from './premium-notice.tsx';
import { premiumRequiredOf } from './premium-required.ts';
import * as styles from './replies.css.ts';
import { ReplyActions } from './reply-actions.tsx';
import * as anchorStyles from './reply-anchor.css.ts';
import { useLinkedReply, useReachLinkedReply } from './reply-anchor.ts';
import { card, cardTitle, dangerNotice, muted } from './thread.css.ts';
import { useReplies } from './thread-queries.ts';

/** Replies rendered with the page: more than a phone or a desktop shows above the fold. */
const FIRST_REPLIES = 6;
/**
 * Replies added each time the browser is idle: four, since a reply costs some 2.5 ms to render here, and ten made
 * tasks of about 100 ms on Lighthouse's slowed phone, blocking past 50 (the member's thread page's TBT of 120-165 ms
 * against its goal of 150, issue #26).
 */
const REPLIES_PER_STEP = 4;

/** Spec 001 §2: replies numbered #1 onward, 3 skeleton rows while they load. */
export function ReplyList({ threadId }: { threadId: number }) {
  const replies = useReplies(threadId, true);
  const posts = replies.data?.pages.flat() ?? [];
  return (
    <section className={card} aria-labelledby="replies-title">
      <h2 id="replies-title" className={cardTitle}>
        <MessageSquare size={20} aria-hidden />
        Replies{replies.isSuccess && ` (${posts.length}${replies.hasNextPage ? '+' : ''})`}
      </h2>
      <RepliesBody replies={replies} posts={posts} />
      <LoadMoreButton pages={replies} label="Load more replies" />
    </section>
  );
}

function RepliesBody({ replies, posts }: { replies: ReturnType<typeof useReplies>; posts: Post[] }) {
  if (replies.isPending) return <LoadingRows rows={SKELETON_ROWS.replies} label="Loading replies" />;
  if (replies.isError) {
    const offer = premiumRequiredOf(replies.error);
    if (offer) return <PremiumNotice offer={offer} message={replies.error.message} />;
    return (
      <div className={dangerNotice} role="alert">
        {THREAD_PAGE_TEXT.repliesFailed}
      </div>
    );
  }
  if (posts.length === 0) return <p className={muted}>No replies yet. Be the first to reply.</p>;
  return <Replies posts={posts} replies={replies} />;
}

function Replies({ posts, replies }: { posts: Post[]; replies: ReturnType<typeof useReplies> }) {
  const linked = useLinkedReply();
  const revealed = useRevealedCount(posts.length, FIRST_REPLIES, REPLIES_PER_STEP);
  // A reply a link names shows at once, with those before it.
  const count = Math.max(revealed, posts.findIndex((post) => post.number === linked) + 1);
  useReachLinkedReply(replies, posts, linked);
  return (
    <ol className={styles.list}>
      {posts.slice(0, count).map((post, index) => (
        <li
          key={post.id}
          id={replyAnchor(post.number)}
          className={post.number === linked ? anchorStyles.linked : undefined}
        >
          <ReplyItem post={post} number={index + 1} />
        </li>
      ))}
    </ol>
  );
}

/**
 * Like toggles 👍 and leads the reply's reactions; Reply and Quote add to the reply form (issue #28). Memoised: the
 * list adds replies ten at a time once the first screen is there (useRevealedCount), and each step rendered every
 * reply shown before it again.
 */
const ReplyItem = memo(function ReplyItem({ post, number }: { post: Post; number: number }) {
  return (
    <article className={styles.reply} aria-label={`Reply #${number}`}>
      <header className={styles.header}>
        <Avatar username={post.authorName} src={post.authorProfilePic} />
        <span className={styles.author}>{post.authorName ?? THREAD_TEXT.anonymous}</span>
        {(post.authorIsAdmin || post.authorIsModerator) && <span className={muted}>{roleLabel(post)}</span>}
        <time className={muted} dateTime={post.createdAt}>
          {formatDateTime(post.createdAt)}
        </time>
        <span className={styles.number}>#{number}</span>
      </header>
      <CookedText html={post.cooked} />
      <div>
        <ReactionBar target="post" id={post.id} threadId={post.threadId} reactions={post.reactions} withLike />
        <ReplyActions
          source={{ threadId: post.threadId, number: post.number, authorName: post.authorName }}
          content={post.content}
          canStartReply
        />
        <ReportButton contentType="post" contentId={post.id} authorId={post.authorId} />
      </div>
    </article>
  );
});
