import { PRESENCE, PRESENCE_TEXT } from '@enclave/protocol';
import { UserRound } from 'lucide-react';
import { avatar } from '../components/avatar.css.ts';
import { Avatar } from '../components/avatar.tsx';
import { visuallyHidden } from '../styles/utilities.css.ts';
import * as styles from './readers-strip.css.ts';
import { useThreadReaders } from './use-thread-readers.ts';

/**
 * Who is reading the thread now: a few faces (a member who hides their profile as a plain one), "+N" for the rest
 * and the count. Nothing shows until the room has spoken, nor while only visitors read.
 */
export function ReadersStrip({ threadId }: { threadId: number }) {
  const readers = useThreadReaders(threadId);
  if (!readers || readers.members === 0) return null;
  const { members, visitors, shown, hidden } = readers;
  const plain = Math.min(hidden, PRESENCE.readersShown - shown.length);
  const rest = members - shown.length - plain;
  return (
    <span className={styles.strip} data-testid="thread-readers">
      <span className={styles.faces} aria-hidden>
        {shown.map((member) => (
          <span key={member.id} className={styles.face} title={member.username}>
            <Avatar username={member.username} src={member.profilePicture} />
          </span>
        ))}
        {Array.from({ length: plain }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the plain faces are alike; only their number changes.
          <span key={index} className={styles.face} title={PRESENCE_TEXT.hiddenMember}>
            <span className={avatar.sm}>
              <UserRound size={14} />
            </span>
          </span>
        ))}
        {rest > 0 && <span className={styles.more}>{PRESENCE_TEXT.more(rest)}</span>}
      </span>
      <span className={styles.count} aria-hidden>
        {PRESENCE_TEXT.reading(members)}
        {visitors > 0 && ` · ${PRESENCE_TEXT.visitors(visitors)}`}
      </span>
      <span className={visuallyHidden}>{PRESENCE_TEXT.readingLabel(members, visitors)}</span>
    </span>
  );
}
