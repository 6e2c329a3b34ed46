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
      {!viewer && authorName && (
        <LinkButton to="/auth" variant="secondary" size="sm" className={styles.action}>
          <LogIn size={16} aria-hidden />
          Login to Message
        </LinkButton>
      )}
      {viewer && authorName && viewer.id !== thread.authorId && (
        <Button variant="secondary" size="sm" className={styles.action} onPress={() => openCompose(authorName)}>
          <Mail size={16} aria-hidden />
          Send Message
        </Button>
      )}
    </aside>
  );
}
