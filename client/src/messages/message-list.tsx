import type { Message, MessageBox } from '@enclave/protocol';
import { CheckCheck, Inbox, Paperclip, Send } from 'lucide-react';
import { type KeyboardEvent, type MouseEvent, memo } from 'react';
import { Avatar } from '../components/avatar.tsx';
import { Button } from '../components/button.tsx';
import { plainTextOfCooked } from '../components/cooked-text.tsx';
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

/** Where ArrowUp, ArrowDown, Home and End move the focus in the list; it stops at either end. */
function nextIndex(key: string, at: number, count: number): number | undefined {
  if (key === 'ArrowDown') return Math.min(at + 1, count - 1);
  if (key === 'ArrowUp') return Math.max(at - 1, 0);
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return undefined;
}

/** The rows of the list an event happened in, and the index of the one it happened on (-1 for none). */
function rowsAround(event: KeyboardEvent<HTMLElement> | MouseEvent<HTMLElement>) {
  const rows = [...event.currentTarget.children] as HTMLElement[];
  const row = (event.target as Element).closest<HTMLElement>('[role="option"]');
  return { rows, at: row ? rows.indexOf(row) : -1 };
}

/**
 * One box, newest first; choosing a row opens it in the detail pane. Native elements with the WAI-ARIA listbox
 * pattern (one tab stop, the arrow keys, Home and End move the focus, Enter, Space or a click opens), not
 * react-aria's ListBox: it rebuilt its whole collection each time ten more rows were revealed, a task of 100 ms and
 * more on Lighthouse's slowed phone (issue #26), and its code loaded before the page rendered.
 */
export function MessageList({ box, messages, selectedId, onOpen, onLoadOlder, isLoadingOlder }: MessageListProps) {
  const count = useRevealedCount(messages.length, FIRST_ROWS);
  if (messages.length === 0) return <EmptyBox box={box} />;
  const shown = messages.slice(0, count);
  const tabStop = shown.some((message) => message.id === selectedId) ? selectedId : shown[0]?.id;

  // The list handles its rows' events, so that a row's props stay what it shows and revealing more renders only them.
  const openAt = (at: number) => {
    const message = shown[at];
    if (message) onOpen(message);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const { rows, at } = rowsAround(event);
    if (at < 0 || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openAt(at);
      return;
    }
    const next = nextIndex(event.key, at, rows.length);
    if (next === undefined) return;
    event.preventDefault();
    rows[next]?.focus();
  };

  return (
    <div className={styles.listWrap}>
      <div
        role="listbox"
        aria-label={box === 'inbox' ? 'Inbox' : 'Sent messages'}
        className={styles.list}
        onClick={(event) => openAt(rowsAround(event).at)}
        onKeyDown={onKeyDown}
      >
        {shown.map((message) => (
          <MessageRow
            key={message.id}
            box={box}
            message={message}
            isSelected={message.id === selectedId}
            isTabStop={message.id === tabStop}
          />
        ))}
      </div>
      {onLoadOlder && (
        <Button variant="secondary" className={styles.loadOlder} onPress={onLoadOlder} isDisabled={isLoadingOlder}>
          {isLoadingOlder ? 'Loading…' : 'Load older messages'}
        </Button>
      )}
    </div>
  );
}

interface MessageRowProps {
  box: MessageBox;
  message: Message;
  isSelected: boolean;
  /** The list's one tab stop: the open message's row, else the first. */
  isTabStop: boolean;
}

/** Memoised: rows already shown do not render again when more are revealed or another row opens. */
const MessageRow = memo(function MessageRow({ box, message, isSelected, isTabStop }: MessageRowProps) {
  const counterpart = counterpartOf(message, box);
  const isNew = box === 'inbox' && !message.isRead;
  return (
    <div
      role="option"
      aria-selected={isSelected}
      tabIndex={isTabStop ? 0 : -1}
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
          <span className={styles.preview}>{previewOf(plainTextOfCooked(message.cooked))}</span>
          {message.hasAttachment && <Paperclip className={styles.rowIcon} size={14} aria-label="Has attachment" />}
          {isNew && <span className={styles.newBadge}>New</span>}
          {box === 'sent' && message.isRead && <CheckCheck className={styles.readIcon} size={16} aria-label="Read" />}
        </div>
      </div>
    </div>
  );
});

function EmptyBox({ box }: { box: MessageBox }) {
  const Icon = box === 'inbox' ? Inbox : Send;
  return (
    <div className={styles.empty}>
      <Icon size={28} aria-hidden />
      <p>{box === 'inbox' ? 'No messages yet.' : 'You have not sent any messages yet.'}</p>
    </div>
  );
}
