import taskLists from '@hedgedoc/markdown-it-task-lists';
import MarkdownIt, { type Token } from 'markdown-it';
import { TABLE_SCROLL } from './allow-list.ts';

/**
 * The one Markdown parser: CommonMark plus GFM's tables, strikethrough, task lists and autolinks. Raw HTML in a
 * source is text (`html: false`: escaped, never parsed), and a single newline stays a line break, as plain text read.
 */
export const markdown = new MarkdownIt('default', { html: false, linkify: true, breaks: true, typographer: false }).use(
  taskLists,
  { enabled: false, label: false, lineNumber: false },
);

// linkify-it 6 links a bare `www.` host only with fuzzy links on; the rule below keeps GFM's set of them.
markdown.linkify.set({ fuzzyLink: true, fuzzyEmail: true });

/** What GFM autolinks without a scheme: a `www.` host or an email address (not `readme.md` or `node.js`). */
const isGfmAutolink = (text: string) => /^(https?:\/\/|mailto:|www\.)/i.test(text) || /^[^\s@]+@[^\s@]+$/.test(text);

/** The alignment markdown-it writes as `style="text-align:…"` (no style may pass the allow-list): a class instead. */
function alignmentAsClass(token: Token): void {
  const style = token.attrGet('style');
  if (typeof style !== 'string') return;
  token.attrs = (token.attrs ?? []).filter(([name]) => name !== 'style');
  const align = /text-align:\s*(left|center|right)/.exec(style)?.[1];
  if (align) token.attrJoin('class', `align-${align}`);
}

/** Fuzzy links other than GFM's back to text: a linkify link is its open, one text, its close. */
function gfmAutolinksOnly(children: Token[]): Token[] {
  const kept: Token[] = [];
  for (let i = 0; i < children.length; i++) {
    const open = children[i] as Token;
    const text = children[i + 1];
    if (open.type === 'link_open' && open.markup === 'linkify' && text && !isGfmAutolink(text.content)) {
      kept.push(text);
      i += 2;
      continue;
    }
    kept.push(open);
  }
  return kept;
}

/**
 * A table scrolls sideways on its own on a narrow screen (the page does not), as a region a keyboard can reach and
 * scroll (axe's scrollable-region-focusable).
 */
const tableBox = Object.entries(TABLE_SCROLL)
  .map(([name, value]) => `${name}="${value}"`)
  .join(' ');
markdown.renderer.rules.table_open = () => `<div ${tableBox}>\n<table>\n`;
markdown.renderer.rules.table_close = () => '</table>\n</div>\n';

markdown.core.ruler.push('enclave-shape', (state) => {
  for (const token of state.tokens) {
    if (token.type === 'th_open' || token.type === 'td_open') alignmentAsClass(token);
    if (token.type === 'inline' && token.children) token.children = gfmAutolinksOnly(token.children);
  }
});
