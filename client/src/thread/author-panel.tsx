import { type CurrentUser, THREAD_PAGE_TEXT, THREAD_TEXT, type Thread } from '@enclave/protocol';
import { LogIn, Mail } from 'lucide-react';
import { Avatar } from '../components/avatar.tsx';
import { Button, LinkButton } from '../components/button.tsx';
import { openCompose } from '../stores/compose-store.ts';
import * as styles from './author-panel.css.ts';

type Author = Pick<Thread, 'authorIsAdmin' | 'authorIsModerator'>;

/** Spec 001 §2: Administrator, Moderator or Member. */
export function roleLabel(author: Author): string {
  if (author.authorIsAdmin) return THREAD_PAGE_TEXT.roles.admin;
  if (author.authorIsModerator) return THREAD_PAGE_TEXT.roles.moderator;
  return THREAD_PAGE_TEXT.roles.member;
}

/** Who wrote the thread, and a way to message them (visitors are asked to log in first). */
export function AuthorPanel({ thread, viewer }: { thread: Thread; viewer: CurrentUser | null }) {
  const { authorName } = thread;
  return (
    <aside className={styles.panel} aria-label="Author">
      <Avatar username={authorName} src={thread.authorProfilePic} size="lg" />
      <div className={styles.details}>
        <h2 className={styles.name}>{authorName ?? THREAD_TEXT.anonymous}</h2>
        <span className={styles.role}>{roleLabel(thread)}</span>
        {thread.authorBio && <p className={styles.bio}>{thread.authorBio}</p>}
      </div>
      <MessageAction viewer={viewer} memberId={thread.authorId} username={authorName} className={styles.action} />
    </aside>
  );
}

/**
 * A way to message a member (the author panel's, a member page's): visitors are asked to log in first; nothing for
 * the member themself, nor for one without a name (deleted).
 */
export function MessageAction({
  viewer,
  memberId,
  username,
  className,
}: {
  viewer: CurrentUser | null;
  memberId: number;
  username: string | null;
  className?: string;
}) {
  if (!username || viewer?.id === memberId) return null;
  if (!viewer) {
    return (
      <LinkButton to="/auth" variant="secondary" size="sm" className={className}>
        <LogIn size={16} aria-hidden />
        Login to Message
      </LinkButton>
    );
  }
  return (
    <Button variant="secondary" size="sm" className={className} onPress={() => openCompose(username)}>
      <Mail size={16} aria-hidden />
      Send Message
    </Button>
  );
}
