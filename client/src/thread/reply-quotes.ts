import { replyAnchor } from '@enclave/protocol';

/** What a Reply or Quote names: a reply (its number) or the thread's own post (none). */
export interface QuotedSource {
  threadId: number;
  number: number | null;
  /** Null when the author's profile is hidden or their account gone: the source is then named by its link only. */
  authorName: string | null;
}

/** The address of a reply on its thread's page (ReplyItem's anchor), or of the thread itself. */
export function sourceLink({ threadId, number }: QuotedSource): string {
  return number === null
    ? `[the thread](/thread/${threadId})`
    : `[#${number}](/thread/${threadId}#${replyAnchor(number)})`;
}

/** What Reply starts a reply with: a mention of the author, or a link to the reply when its author is not shown. */
export function replyStartOf(source: QuotedSource): string {
  return source.authorName ? `@${source.authorName} ` : `${sourceLink(source)} `;
}

/**
 * A Markdown quote of `text` (a reply's source, or what the member selected of it), each line behind `> `, and an
 * attribution line linking to its source. Built from what the page already shows: a quote never asks for anything.
 */
export function quoteOf(text: string, source: QuotedSource): string {
  const lines = text
    .trim()
    .split(/\r?\n/)
    .map((line) => (line ? `> ${line}` : '>'));
  const by = source.authorName ? `@${source.authorName}, ` : '';
  return `${lines.join('\n')}\n>\n> — ${by}${sourceLink(source)}\n\n`;
}
