import type { Message, MessageBox } from '@enclave/protocol';
import { CheckCheck, Inbox, Paperclip, Send } from 'lucide-react';
import { useMemo } from 'react';
import { ListBox, ListBoxItem } from 'react-aria-components';
import { Avatar } from '../components/avatar.tsx';
import { Button } from '../components/button.tsx';
import { formatListDate } from '../components/dates.ts';
import { useRevealedCount } from '../layout/first-screen.ts';
import { counterpartOf, previewOf } from './message-text.ts';
import * as styles from './messages.css.ts';

interface MessageListProps {
  box: MessageBox;
  messages: Message[];
  selectedId: number | null;
  onOpen: (message: Message) => void;
  /** Present when the box has older messages to load. */
  onLoadOlder?: () => void;
  isLoadingOlder: boolean;
}

/** Rows rendered with the page, more than a screen holds; the rest follow a few at a time (useRevealedCount). */
const FIRST_ROWS = 10;

/** One box, newest first; choosing a row opens it in the detail pane. */
export function MessageList({ box, messages, selectedId, onOpen, onLoadOlder, isLoadingOlder }: MessageListProps) {
  const count = useRevealedCount(messages.length, FIRST_ROWS);
  const shown = useMemo(() => messages.slice(0, count), [messages, count]);
  if (messages.length === 0) return <EmptyBox box={box} />;
  return (
    <div className={styles.listWrap}>
      <ListBox
        aria-label={box === 'inbox' ? 'Inbox' : 'Sent messages'}
        className={styles.list}
        items={shown}
        selectionMode="single"
        disallowEmptySelection
        selectedKeys={selectedId === null ? [] : [selectedId]}
        onSelectionChange={(keys) => {
          const id = keys === 'all' ? null : [...keys][0];
          const message = messages.find((item) => item.id === id);
          if (message) onOpen(message);
        }}
      >
        {(message) => <MessageRow box={box} message={message} />}
      </ListBox>
      {onLoadOlder && (
        <Button variant="secondary" className={styles.loadOlder} onPress={onLoadOlder} isDisabled={isLoadingOlder}>
          {isLoadingOlder ? 'Loading…' : 'Load older messages'}
        </Button>
      )}
    </div>
  );
}

function MessageRow({ box, message }: { box: MessageBox; message: Message }) {
  const counterpart = counterpartOf(message, box);
  const isNew = box === 'inbox' && !message.isRead;
  return (
    <ListBoxItem
      id={message.id}
      textValue={`${counterpart}: ${message.content}`}
      className={styles.row}
      data-unread={isNew || undefined}
    >
      <Avatar username={counterpart} />
      <div className={styles.rowBody}>
        <div className={styles.rowTop}>
          <span className={styles.rowName}>{box === 'inbox' ? counterpart : `To ${counterpart}`}</span>
          <time className={styles.rowTime} dateTime={message.createdAt}>
            {formatListDate(message.createdAt)}
          </time>
        </div>
        <div className={styles.rowBottom}>
          <span className={styles.preview}>{previewOf(message.content)}</span>
          {message.hasAttachment && <Paperclip className={styles.rowIcon} size={14} aria-label="Has attachment" />}
          {isNew && <span className={styles.newBadge}>New</span>}
          {box === 'sent' && message.isRead && <CheckCheck className={styles.readIcon} size={16} aria-label="Read" />}
        </div>
      </div>
    </ListBoxItem>
  );
}

function EmptyBox({ box }: { box: MessageBox }) {
  const Icon = box === 'inbox' ? Inbox : Send;
  return (
    <div className={styles.empty}>
      <Icon size={28} aria-hidden />
      <p>{box === 'inbox' ? 'No messages yet.' : 'You have not sent any messages yet.'}</p>
    </div>
  );
}
