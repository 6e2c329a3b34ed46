import type { Token } from 'markdown-it';

/** What a block's end adds to the plain text: paragraphs apart, list items and table rows on their own lines. */
const BLOCK_ENDS: Record<string, string> = {
  paragraph_close: '\n\n',
  heading_close: '\n\n',
  blockquote_close: '\n\n',
  bullet_list_close: '\n\n',
  ordered_list_close: '\n\n',
  table_close: '\n\n',
  hr: '\n\n',
  list_item_close: '\n',
  tr_close: '\n',
  th_close: ' ',
  td_close: ' ',
};

function inlineText(children: Token[]): string {
  let text = '';
  for (const child of children) {
    if (child.type === 'text' || child.type === 'code_inline') text += child.content;
    else if (child.type === 'softbreak' || child.type === 'hardbreak') text += '\n';
    else if (child.type === 'image') text += child.children ? inlineText(child.children) : '';
  }
  return text;
}

/**
 * The words a reader sees, without markup: what search indexes, previews cut and notifications quote. A link reads
 * as its text, an image as its alt text, code as itself.
 */
export function plainTextOf(tokens: Token[]): string {
  let text = '';
  for (const token of tokens) {
    if (token.type === 'inline') text += inlineText(token.children ?? []);
    else if (token.type === 'fence' || token.type === 'code_block') text += `${token.content}\n`;
    // A tight list's paragraphs are hidden: its items' ends part them.
    else if (!token.hidden) text += BLOCK_ENDS[token.type] ?? '';
  }
  return text
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => escapes[c] as string);

/**
 * A record written before cooking (plain text) as the same safe HTML a cooked text is: escaped, a paragraph per
 * blank-line-separated block, a line break per newline. Cheap enough to run at presentation; nothing is parsed.
 */
export function plainTextAsHtml(text: string): string {
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .trim()
    .split(/\n\s*\n/);
  return paragraphs
    .filter((paragraph) => paragraph.trim())
    .map((paragraph) => `<p>${escapeHtml(paragraph.trim()).replace(/\n/g, '<br />\n')}</p>`)
    .join('\n');
}
