import { LogIn, Quote, Reply } from 'lucide-react';
import { useRef } from 'react';
import { Button, LinkButton } from '../components/button.tsx';
import { useSession } from '../session/use-session.ts';
import { addToReply } from '../stores/reply-draft-store.ts';
import { type QuotedSource, quoteOf, replyStartOf } from './reply-quotes.ts';

/** What the member selected inside the post the button belongs to (its `<article>`), or '' when nothing is. */
function selectedTextIn(button: HTMLElement | null): string {
  const post = button?.closest('article');
  const selection = window.getSelection();
  if (!post || !selection || selection.isCollapsed) return '';
  return post.contains(selection.anchorNode) && post.contains(selection.focusNode) ? selection.toString() : '';
}

interface ReplyActionsProps {
  source: QuotedSource;
  /** The post's Markdown source, which the page already has: a quote never asks the server for text. */
  content: string;
  /** Offer Reply (a reply) or only Quote (the thread's own post). */
  canStartReply: boolean;
}

/**
 * A post's Reply and Quote (issue #28): Reply starts the reply form with a mention of the author, Quote adds a quote
 * of the post, or of what the member selected in it, with a link to it. A visitor gets the way to sign in instead.
 */
export function ReplyActions({ source, content, canStartReply }: ReplyActionsProps) {
  const { user } = useSession();
  const quoteButton = useRef<HTMLButtonElement>(null);
  if (!user) {
    return canStartReply ? (
      <LinkButton to="/auth" variant="ghost" size="sm">
        <LogIn size={14} aria-hidden />
        Reply
      </LinkButton>
    ) : null;
  }
  return (
    <>
      {canStartReply && (
        <Button variant="ghost" size="sm" onPress={() => addToReply(source.threadId, replyStartOf(source), false)}>
          <Reply size={14} aria-hidden />
          Reply
        </Button>
      )}
      <Button
        ref={quoteButton}
        variant="ghost"
        size="sm"
        // The press must not clear the selection it quotes.
        onMouseDown={(event) => event.preventDefault()}
        onPress={() =>
          addToReply(source.threadId, quoteOf(selectedTextIn(quoteButton.current) || content, source), true)
        }
      >
        <Quote size={14} aria-hidden />
        Quote
      </Button>
    </>
  );
}
