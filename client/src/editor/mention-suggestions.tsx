import type { MemberSuggestion } from '@enclave/protocol';
import { type KeyboardEvent, useState } from 'react';
import { Avatar } from '../components/avatar.tsx';
import { useMemberSuggestions } from '../forum/member-suggestions.ts';
import * as styles from './markdown-editor.css.ts';
import { type MentionToken, mentionAt } from './mention-token.ts';

interface MentionState {
  token: MentionToken | null;
  members: MemberSuggestion[];
  isOpen: boolean;
  active: number;
}

/**
 * The `@` suggestions of a text area, as the WAI-ARIA combo box pattern for a text field with a list box: the text
 * area keeps the focus and points at the highlighted member with aria-activedescendant; arrows move, Enter or Tab
 * picks, Escape closes (until another mention is started). Members are asked for from the second letter, debounced.
 */
export function useMentionSuggestions(
  value: string,
  caret: number | null,
  pick: (token: MentionToken, username: string) => void,
) {
  const token = caret === null ? null : mentionAt(value, caret);
  const found = useMemberSuggestions(token?.prefix ?? '');
  const [active, setActive] = useState(0);
  const [closedAt, setClosedAt] = useState<number | null>(null);
  const members = token ? found.found : [];
  const isOpen = token !== null && token.at !== closedAt && members.length > 0;
  const current = Math.min(active, members.length - 1);

  const choose = (index: number) => {
    const member = members[index];
    if (!token || !member) return;
    pick(token, member.username);
    setActive(0);
  };

  /** Handles the key when the list is open; true when it did (the text area then does nothing else with it). */
  const onKeyDown = (event: KeyboardEvent): boolean => {
    if (!isOpen || !token) return false;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + members.length) % members.length);
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      choose(current);
    } else if (event.key === 'Escape') {
      // Closing the list is all Escape does here: a dialog around the editor stays open.
      event.stopPropagation();
      setClosedAt(token.at);
    } else return false;
    event.preventDefault();
    return true;
  };

  const state: MentionState = { token, members, isOpen, active: current };
  return { state, onKeyDown, choose };
}

interface MentionListProps {
  id: string;
  state: MentionState;
  onChoose: (index: number) => void;
}

export const optionId = (listId: string, index: number) => `${listId}-option-${index}`;

/** The list box under the text area; a press picks without taking the focus from the text area. */
export function MentionList({ id, state, onChoose }: MentionListProps) {
  if (!state.isOpen) return null;
  return (
    <div id={id} role="listbox" aria-label="Members" className={styles.suggestions}>
      {state.members.map((member, index) => (
        // biome-ignore lint/a11y/useKeyWithClickEvents: the text area, which keeps the focus, takes the keys
        <div
          key={member.id}
          id={optionId(id, index)}
          role="option"
          tabIndex={-1}
          aria-selected={index === state.active}
          className={styles.suggestion}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onChoose(index)}
        >
          <Avatar username={member.username} src={member.profilePicture} />
          {member.username}
        </div>
      ))}
    </div>
  );
}
