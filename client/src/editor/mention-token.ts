/** A username's letters (protocol's Username: letters, digits, `_ . -`). */
const USERNAME_CHARACTERS = /^[A-Za-z0-9_.-]*$/;

/** The `@name` being typed at the caret: where its `@` is and the letters after it. */
export interface MentionToken {
  at: number;
  prefix: string;
}

/**
 * The mention the caret is in, if any: an `@` at the start of a word (the start of the text, or after a space or an
 * opening bracket or quote, so an email address's `@` is none), then only a username's letters up to the caret.
 */
export function mentionAt(value: string, caret: number): MentionToken | null {
  const before = value.slice(0, caret);
  const at = before.lastIndexOf('@');
  if (at === -1) return null;
  const prefix = before.slice(at + 1);
  if (!USERNAME_CHARACTERS.test(prefix)) return null;
  const previous = at === 0 ? '' : before.charAt(at - 1);
  if (previous !== '' && !/[\s([{"'>]/.test(previous)) return null;
  return { at, prefix };
}
