import { sanitized } from './allow-list.ts';
import { markdown } from './markdown.ts';
import { linkMentionsIn, type MemberNames } from './mentions.ts';
import { plainTextAsHtml, plainTextOf } from './plain-text.ts';

/** A text as written (`content`, Markdown) and as read. */
export interface Cooked {
  /** Sanitized HTML: what pages show. */
  cooked: string;
  /** The words without markup: search, previews, notifications. */
  text: string;
  /** The live members its `@name`s link to, at most `LIMITS.mentionsPerText`. */
  mentions: number[];
}

/**
 * A text rendered once, when written ("cooked", as Discourse says): Markdown parsed, `@name`s of live members
 * linked, the HTML reduced to the allow-list. Reads show what this answered; nothing is parsed per request.
 */
export async function cook(source: string, names: MemberNames): Promise<Cooked> {
  const env = {};
  const tokens = markdown.parse(source, env);
  const mentions = await linkMentionsIn(tokens, names);
  const cooked = sanitized(markdown.renderer.render(tokens, markdown.options, env)).trim();
  return { cooked, text: plainTextOf(tokens), mentions };
}

/** What a stored text keeps of its cooking: `text` only where it differs from the source (most texts are plain). */
export interface CookedFields {
  cooked: string;
  text?: string;
  mentions: number[];
}

export function storedFields(source: string, { cooked, text, mentions }: Cooked): CookedFields {
  return { cooked, mentions, ...(text !== source && { text }) };
}

/** A record as read: cooked, or (written before cooking, plain text) its text as the same safe HTML. */
export const cookedOf = (record: { content: string; cooked?: string | null }): string =>
  record.cooked ?? plainTextAsHtml(record.content);

/** A record's plain text: its own where it was stored (the source held markup), else the source itself. */
export const plainTextOfRecord = (record: { content: string; text?: string | null }): string =>
  record.text ?? record.content;
