import { api, FORUM_PAGE_TEXT, LIMITS, type MemberSuggestion } from '@enclave/protocol';
import { UserPlus, X } from 'lucide-react';
import { type ComponentProps, useContext, useState } from 'react';
import {
  ComboBox,
  ComboBoxStateContext,
  FieldError,
  Input,
  type Key,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Text,
} from 'react-aria-components';
import { call } from '../api/client.ts';
import { Button } from '../components/button.tsx';
import * as listStyles from '../components/select-field.css.ts';
import * as fieldStyles from '../components/text-field.css.ts';
import { useSession } from '../session/use-session.ts';
import * as styles from './create-thread-dialog.css.ts';
import { useMemberSuggestions } from './member-suggestions.ts';
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
 * Who may read a private thread: as the author types, members whose names start so are offered (react-aria's
 * combo box); Enter or Add looks up a name typed whole, and each chosen member is removed with their own button.
 */
export function MemberPicker({ members, onChange, authorId }: MemberPickerProps) {
  const { user } = useSession();
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string>();
  const [isLooking, setLooking] = useState(false);
  const isFull = members.length >= LIMITS.allowedUsersMax;
  const ownerId = authorId ?? user?.id;
  const suggestions = useMemberSuggestions(draft);
  const offered = suggestions.found.filter(
    (member) => member.id !== ownerId && !members.some((chosen) => chosen.id === member.id),
  );

  const choose = (member: ChosenMember) => {
    if (!members.some((chosen) => chosen.id === member.id)) {
      onChange([...members, { id: member.id, username: member.username }]);
    }
    setDraft('');
    setError(undefined);
  };

  const add = async () => {
    const username = draft.trim();
    if (!username || isLooking) return;
    setLooking(true);
    try {
      const member = await call(api.searchUser, { params: { username }, silent: true });
      if (member.id === ownerId) setError(FORUM_PAGE_TEXT.memberIsYou);
      else choose(member);
    } catch {
      setError(FORUM_PAGE_TEXT.memberNotFound(username));
    } finally {
      setLooking(false);
    }
  };

  const suggested = (key: Key | null) => {
    const member = offered.find((candidate) => candidate.id === key);
    if (member) choose(member);
  };

  return (
    <div className={styles.tagField}>
      <div className={styles.tagEntry}>
        <ComboBox
          className={fieldStyles.field}
          items={offered}
          inputValue={draft}
          onInputChange={(text) => {
            setDraft(text);
            setError(undefined);
          }}
          selectedKey={null}
          onSelectionChange={suggested}
          allowsCustomValue
          // Open as soon as there are letters enough to ask with: the names come a moment later.
          allowsEmptyCollection={suggestions.isAsking}
          menuTrigger="input"
          isDisabled={isFull}
          isInvalid={Boolean(error)}
          validationBehavior="aria"
        >
          <Label className={fieldStyles.label}>{FORUM_PAGE_TEXT.privateMembers}</Label>
          <MemberInput
            onEnter={() => void add()}
            placeholder={FORUM_PAGE_TEXT.memberUsername}
            maxLength={LIMITS.usernameMax}
          />
          {isFull && (
            <Text slot="description" className={fieldStyles.description}>
              {FORUM_PAGE_TEXT.membersMax(LIMITS.allowedUsersMax)}
            </Text>
          )}
          <FieldError className={fieldStyles.error}>{error}</FieldError>
          <Popover className={listStyles.popover} placement="bottom start">
            <ListBox<MemberSuggestion>
              className={listStyles.listBox}
              renderEmptyState={() => (
                <p className={styles.hint}>
                  {suggestions.isLooking
                    ? FORUM_PAGE_TEXT.lookingForMembers
                    : FORUM_PAGE_TEXT.noMemberStartsWith(draft.trim())}
                </p>
              )}
            >
              {(member) => (
                <ListBoxItem id={member.id} textValue={member.username} className={listStyles.option}>
                  {member.username}
                </ListBoxItem>
              )}
            </ListBox>
          </Popover>
        </ComboBox>
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

/**
 * The picker's input. Enter on a highlighted suggestion is the combo box's: it chooses that member. Otherwise Enter
 * looks up the name as typed, and never sends the form around the picker.
 */
function MemberInput({ onEnter, ...props }: Omit<ComponentProps<typeof Input>, 'className'> & { onEnter: () => void }) {
  const state = useContext(ComboBoxStateContext);
  return (
    <Input
      {...props}
      className={fieldStyles.input}
      onKeyDown={(event) => {
        if (event.key !== 'Enter') return;
        if (state?.isOpen && state.selectionManager.focusedKey !== null) return;
        event.preventDefault();
        onEnter();
      }}
    />
  );
}
