import { MESSAGE_TEXT, type Message, type MessageBox, SKELETON_ROWS } from '@enclave/protocol';
import { CircleAlert, MailOpen, PenSquare, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../components/button.tsx';
import * as page from '../components/page.css.ts';
import { SegmentedTabs } from '../components/segmented-tabs.tsx';
import { LoadingRows } from '../components/skeleton.tsx';
import { findMessage } from '../messages/message-cache.ts';
import { MessageDetail } from '../messages/message-detail.tsx';
import { MessageList } from '../messages/message-list.tsx';
import { useLoadOlder, useMarkRead, useMessageList, useUnreadMessageCount } from '../messages/message-queries.ts';
import * as styles from '../messages/messages.css.ts';
import { TypingLine } from '../messages/typing-line.tsx';
import { openCompose } from '../stores/compose-store.ts';
import { visuallyHidden } from '../styles/utilities.css.ts';

const BOXES: { id: MessageBox; label: string }[] = [
  { id: 'inbox', label: 'Inbox' },
  { id: 'sent', label: 'Sent' },
];

/** Spec 001 §2, Messages: Inbox and Sent, Refresh, New Message, and the opened message beside the list. */
export function MessagesPage() {
  const messages = useMessageList();
  const unreadCount = useUnreadMessageCount();
  const markRead = useMarkRead();
  const loadOlder = useLoadOlder();
  const [box, setBox] = useState<MessageBox>('inbox');
  const [openId, setOpenId] = useState<number | null>(null);
  const openMessage = findMessage(messages.data, openId);

  const open = (message: Message) => {
    setOpenId(message.id);
    if (box === 'inbox' && !message.isRead) markRead.mutate(message.id);
  };
  const switchBox = (next: MessageBox) => {
    setBox(next);
    setOpenId(null);
  };

  return (
    <div className={page.stack}>
      <header className={page.titleBar}>
        <div className={page.header}>
          <h1 className={page.title}>Messages</h1>
          <p className={page.lead}>Private conversations with other members.</p>
          <TypingLine reserve />
        </div>
        <div className={styles.headerActions}>
          <Button variant="secondary" onPress={() => messages.refetch()} isDisabled={messages.isFetching}>
            <RefreshCw size={16} className={messages.isFetching ? styles.spinning : undefined} aria-hidden />
            Refresh
          </Button>
          <Button onPress={() => openCompose('', 'messages')}>
            <PenSquare size={16} aria-hidden />
            New Message
          </Button>
        </div>
      </header>
      <div className={styles.layout} data-open={openMessage ? true : undefined}>
        <SegmentedTabs
          label="Mailboxes"
          className={styles.boxes}
          selectedKey={box}
          onSelectionChange={(key) => switchBox(key as MessageBox)}
          tabs={BOXES.map(({ id, label }) => ({
            id,
            label: (
              <>
                {label}
                {id === 'inbox' && unreadCount > 0 && (
                  <span className={styles.tabCount}>
                    {unreadCount}
                    <span className={visuallyHidden}> unread</span>
                  </span>
                )}
              </>
            ),
            panel: messages.isPending ? (
              <LoadingRows rows={SKELETON_ROWS.list} label="Loading messages" />
            ) : messages.isError ? (
              <LoadFailed message={messages.error.message} onRetry={() => messages.refetch()} />
            ) : (
              <MessageList
                box={id}
                messages={messages.data[id]}
                selectedId={openId}
                onOpen={open}
                onLoadOlder={messages.data.nextCursor[id] === null ? undefined : () => loadOlder.mutate(id)}
                isLoadingOlder={loadOlder.isPending}
              />
            ),
          }))}
        />
        {openMessage ? (
          <MessageDetail
            message={openMessage}
            box={box}
            onClose={() => setOpenId(null)}
            onReply={(username) => openCompose(username, 'messages')}
          />
        ) : (
          <div className={styles.placeholder}>
            <MailOpen size={32} aria-hidden />
            <p>Choose a message to read it here.</p>
          </div>
        )}
      </div>
    </div>
  );
}

function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className={styles.failed} role="alert">
      <CircleAlert size={28} aria-hidden />
      <p className={styles.failedTitle}>{MESSAGE_TEXT.loadFailed}</p>
      <p className={styles.muted}>{message}</p>
      <Button variant="secondary" onPress={onRetry}>
        Try Again
      </Button>
    </div>
  );
}
