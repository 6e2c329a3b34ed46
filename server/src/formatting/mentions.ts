import { LIMITS, type PublicUser } from '@enclave/protocol';
import MarkdownIt, { type Token } from 'markdown-it';

/** How a member looks up names: the in-memory member directory (`app.members`). */
export interface MemberNames {
  idByName(username: string): Promise<number | undefined>;
  shown(ids: Iterable<number>): Promise<Map<number, PublicUser>>;
}

/** An `@name` where a name may start: not inside a word or an email address. Names are `[A-Za-z0-9_.-]`. */
const MENTION = /(^|[^A-Za-z0-9_.@-])@([A-Za-z0-9_.-]{1,64})/g;

/** The names a text's `@`s may stand for, longest first: `@bob.` at a sentence's end means bob. */
const namesOf = (written: string) =>
  [written, written.replace(/[.-]+$/, '')].filter((name, i, all) => name && all.indexOf(name) === i);

/** The text tokens a mention may sit in: not a link's text (an autolink's either), not code (code is its own token). */
function* mentionableTexts(tokens: Token[]): Generator<{ children: Token[]; index: number }> {
  for (const block of tokens) {
    if (block.type !== 'inline' || !block.children) continue;
    let inLink = 0;
    for (const [index, child] of block.children.entries()) {
      if (child.type === 'link_open') inLink++;
      else if (child.type === 'link_close') inLink--;
      else if (child.type === 'text' && inLink === 0 && child.content.includes('@'))
        yield { children: block.children, index };
    }
  }
}

/**
 * The live members the text's `@name`s name, in the order first named, at most `LIMITS.mentionsPerText` of them:
 * naming fifty people links (and tells) the first ten, and the rest stay text.
 */
async function membersNamed(tokens: Token[], names: MemberNames): Promise<Map<string, PublicUser>> {
  const written = new Set<string>();
  for (const { children, index } of mentionableTexts(tokens)) {
    for (const match of (children[index] as Token).content.matchAll(MENTION)) written.add(match[2] as string);
  }
  const byName = new Map<string, PublicUser>();
  const linked = new Set<number>();
  for (const name of written) {
    if (linked.size >= LIMITS.mentionsPerText) break;
    for (const candidate of namesOf(name)) {
      const id = await names.idByName(candidate);
      const member = id === undefined ? undefined : (await names.shown([id])).get(id);
      if (!member) continue;
      byName.set(candidate.toLowerCase(), member);
      linked.add(member.id);
      break;
    }
  }
  return byName;
}

function mentionTokens(member: PublicUser): Token[] {
  const open = new MarkdownIt.Token('link_open', 'a', 1);
  open.attrs = [
    ['href', `/member/${member.id}`],
    ['class', 'mention'],
  ];
  const text = new MarkdownIt.Token('text', '', 0);
  text.content = `@${member.username}`;
  return [open, text, new MarkdownIt.Token('link_close', 'a', -1)];
}

/** One text token as text and mention links. */
function linkMentions(token: Token, byName: Map<string, PublicUser>): Token[] {
  const parts: Token[] = [];
  let rest = 0;
  const text = (content: string) => {
    if (!content) return;
    const piece = new MarkdownIt.Token('text', '', 0);
    piece.content = content;
    parts.push(piece);
  };
  for (const match of token.content.matchAll(MENTION)) {
    const at = (match.index ?? 0) + (match[1] as string).length;
    const name = namesOf(match[2] as string).find((candidate) => byName.has(candidate.toLowerCase()));
    if (!name) continue;
    text(token.content.slice(rest, at));
    parts.push(...mentionTokens(byName.get(name.toLowerCase()) as PublicUser));
    rest = at + 1 + name.length;
  }
  text(token.content.slice(rest));
  return parts;
}

/** Turns each `@name` of a live member into a link to their page, in place; answers the members' ids. */
export async function linkMentionsIn(tokens: Token[], names: MemberNames): Promise<number[]> {
  const byName = await membersNamed(tokens, names);
  if (byName.size === 0) return [];
  // From the end of each list, so the indexes still to visit stay where they were.
  for (const { children, index } of [...mentionableTexts(tokens)].reverse()) {
    children.splice(index, 1, ...linkMentions(children[index] as Token, byName));
  }
  return [...new Set([...byName.values()].map((member) => member.id))];
}
