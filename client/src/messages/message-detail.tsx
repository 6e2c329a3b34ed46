import { MESSAGE_TEXT, type Message, type MessageBox } from '@enclave/protocol';
import { ExternalLink, Link2, MessageSquareShare, Reply, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Avatar } from '../components/avatar.tsx';
import { button } from '../components/button.css.ts';
import { Button } from '../components/button.tsx';
import { CookedText } from '../components/cooked-text.tsx';
import { formatDateTime } from '../components/dates.ts';
import { RouterLink } from '../components/router-link.tsx';
import { ReactionBar } from '../reactions/reaction-bar.tsx';
import { ReportButton } from '../reports/report-button.tsx';
import { counterpartOf, isOpenableLink } from './message-text.ts';
import * as styles from './messages.css.ts';
import { TypingLine } from './typing-line.tsx';

interface MessageDetailProps {
  message: Message;
  box: MessageBox;
  onClose: () => void;
  onReply: (username: string) => void;
}

/** Spec 001 §2: the opened message, with Close and Reply. */
export function MessageDetail({ message, box, onClose, onReply }: MessageDetailProps) {
  const counterpart = counterpartOf(message, box);
  const article = useRef<HTMLElement>(null);
  // On small screens the message takes the list's place: bring it into view from wherever the list was scrolled.
  useEffect(() => {
    if (message.id) article.current?.scrollIntoView?.({ block: 'nearest' });
  }, [message.id]);

  return (
    <article ref={article} className={styles.detail} aria-labelledby="message-detail-title">
      <header className={styles.detailHeader}>
        <Avatar username={counterpart} />
        <div className={styles.detailMeta}>
          <h2 id="message-detail-title" className={styles.detailTitle}>
            {box === 'inbox' ? `From ${counterpart}` : `To ${counterpart}`}
          </h2>
          <time className={styles.muted} dateTime={message.createdAt}>
            {formatDateTime(message.createdAt)}
          </time>
          {box === 'sent' && (
            <span className={styles.muted}>
              {message.readAt ? `Read ${formatDateTime(message.readAt)}` : 'Not read yet'}
            </span>
          )}
        </div>
        <Button variant="ghost" size="sm" onPress={onClose}>
          <X size={16} aria-hidden />
          Close
        </Button>
      </header>
      <CookedText html={message.cooked} />
      {message.hasAttachment && <Attachment message={message} />}
      <ReactionBar target="message" id={message.id} threadId={null} reactions={message.reactions} />
      <TypingLine only={{ id: box === 'inbox' ? message.senderId : message.recipientId }} />
      <footer className={styles.detailActions}>
        <Button onPress={() => onReply(counterpart)}>
          <Reply size={16} aria-hidden />
          Reply
        </Button>
        {box === 'inbox' && <ReportButton contentType="message" contentId={message.id} authorId={message.senderId} />}
      </footer>
    </article>
  );
}

/**
 * A link opens in a new tab, and only when it starts with http (spec 001 §5). An invite names its thread as a
 * link when the server says the reader may open it, and says so when they may not.
 */
function Attachment({ message }: { message: Message }) {
  const data = message.attachmentData ?? '';
  if (message.attachmentType === 'invite') {
    return (
      <section className={styles.attachment} aria-label="Attachment">
        <MessageSquareShare className={styles.attachmentIcon} size={20} aria-hidden />
        <div className={styles.attachmentText}>
          <span className={styles.attachmentLabel}>{MESSAGE_TEXT.inviteLabel}</span>
          {message.inviteTitle ? (
            <RouterLink to="/thread/$id" params={{ id: data }} className={styles.inviteLink}>
              {message.inviteTitle}
            </RouterLink>
          ) : (
            <span className={styles.muted}>{MESSAGE_TEXT.inviteUnavailable}</span>
          )}
        </div>
      </section>
    );
  }
  const canOpen = isOpenableLink(message.attachmentData);
  return (
    <section className={styles.attachment} aria-label="Attachment">
      <Link2 className={styles.attachmentIcon} size={20} aria-hidden />
      <div className={styles.attachmentText}>
        <span className={styles.attachmentLabel}>Link</span>
        <span className={styles.attachmentUrl}>{data}</span>
      </div>
      {canOpen ? (
        <a
          className={button({ variant: 'secondary', size: 'sm' })}
          href={data}
          target="_blank"
          rel="noopener noreferrer"
        >
          <ExternalLink size={16} aria-hidden />
          Open Link
        </a>
      ) : (
        <Button variant="secondary" size="sm" isDisabled>
          <ExternalLink size={16} aria-hidden />
          Open Link
        </Button>
      )}
    </section>
  );
}
