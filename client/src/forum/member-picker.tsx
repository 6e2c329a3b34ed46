import { api, FORUM_PAGE_TEXT, LIMITS } from '@enclave/protocol';
import { UserPlus, X } from 'lucide-react';
import { useState } from 'react';
import { call } from '../api/client.ts';
import { Button } from '../components/button.tsx';
import { TextField } from '../components/text-field.tsx';
import { useSession } from '../session/use-session.ts';
import * as styles from './create-thread-dialog.css.ts';
import * as tagList from './tag-list.css.ts';

/** A member a private thread names: the id goes to the server, the name is what the author sees. */
export interface ChosenMember {
  id: number;
  username: string;
}

interface MemberPickerProps {
  members: ChosenMember[];
  onChange: (members: ChosenMember[]) => void;
  /** The thread's author, who always reads it and so is never chosen. */
  authorId: number | undefined;
}

/**
 * Who may read a private thread: a member is added by their exact username (a privacy forum lists no
 * one to strangers), looked up on Enter or Add, and removed with their own button.
 */
export function MemberPicker({ members, onChange, authorId }: MemberPickerProps) {
  const { user } = useSession();
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string>();
  const [isLooking, setLooking] = useState(false);
  const isFull = members.length >= LIMITS.allowedUsersMax;

  const add = async () => {
    const username = draft.trim();
    if (!username || isLooking) return;
    setLooking(true);
    try {
      const member = await call(api.searchUser, { params: { username }, silent: true });
      if (member.id === (authorId ?? user?.id)) setError(FORUM_PAGE_TEXT.memberIsYou);
      else {
        if (!members.some((chosen) => chosen.id === member.id)) {
          onChange([...members, { id: member.id, username: member.username }]);
        }
        setDraft('');
        setError(undefined);
      }
    } catch {
      setError(FORUM_PAGE_TEXT.memberNotFound(username));
    } finally {
      setLooking(false);
    }
  };

  return (
    <div className={styles.tagField}>
      <div className={styles.tagEntry}>
        <TextField
          label={FORUM_PAGE_TEXT.privateMembers}
          placeholder={FORUM_PAGE_TEXT.memberUsername}
          autoComplete="off"
          description={isFull ? FORUM_PAGE_TEXT.membersMax(LIMITS.allowedUsersMax) : undefined}
          value={draft}
          onChange={(text) => {
            setDraft(text);
            setError(undefined);
          }}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            void add();
          }}
          maxLength={LIMITS.usernameMax}
          isDisabled={isFull}
          error={error}
        />
        <Button
          variant="secondary"
          className={styles.addTag}
          onPress={() => void add()}
          isDisabled={isFull || isLooking}
        >
          <UserPlus size={16} aria-hidden />
          {FORUM_PAGE_TEXT.addMember}
        </Button>
      </div>
      {members.length > 0 ? (
        <ul className={tagList.tags} aria-label={FORUM_PAGE_TEXT.privateMembers}>
          {members.map((member) => (
            <li key={member.id} className={styles.tagChip}>
              {member.username}
              <Button
                variant="ghost"
                className={styles.removeTag}
                aria-label={FORUM_PAGE_TEXT.removeMember(member.username)}
                onPress={() => onChange(members.filter((chosen) => chosen.id !== member.id))}
              >
                <X size={12} aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.hint}>{FORUM_PAGE_TEXT.noMembersChosen}</p>
      )}
    </div>
  );
}
