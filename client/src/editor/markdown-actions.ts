/** The text in the editor and what is selected in it. */
export interface Draft {
  value: string;
  start: number;
  end: number;
}

/** What an action does to a draft: `text` replaces `from`..`to`, then `select` (positions after the edit) is selected. */
export interface Edit {
  from: number;
  to: number;
  text: string;
  select: [number, number];
}

export type MarkdownAction = 'bold' | 'italic' | 'link' | 'code' | 'quote' | 'list';

/** Wraps the selection in `before` and `after`; with nothing selected, the placeholder goes in, selected to type over. */
function wrap({ value, start, end }: Draft, before: string, after: string, placeholder: string): Edit {
  const selected = value.slice(start, end);
  // Pressed again on wrapped text, the marks come off (as the editors members know do).
  if (
    selected &&
    value.slice(start - before.length, start) === before &&
    value.slice(end, end + after.length) === after
  ) {
    const from = start - before.length;
    return { from, to: end + after.length, text: selected, select: [from, from + selected.length] };
  }
  const inner = selected || placeholder;
  return {
    from: start,
    to: end,
    text: `${before}${inner}${after}`,
    select: [start + before.length, start + before.length + inner.length],
  };
}

/** A link: the selection is its text and the address is selected; with nothing selected, the text is. */
function link(draft: Draft): Edit {
  const { value, start, end } = draft;
  const selected = value.slice(start, end);
  if (!selected) return wrap(draft, '[', '](url)', 'link text');
  const text = `[${selected}](url)`;
  const urlAt = start + selected.length + 3;
  return { from: start, to: end, text, select: [urlAt, urlAt + 3] };
}

/** Inline code, or a fenced block when the selection spans lines. */
function code(draft: Draft): Edit {
  const selected = draft.value.slice(draft.start, draft.end);
  return selected.includes('\n') ? wrap(draft, '```\n', '\n```', '') : wrap(draft, '`', '`', 'code');
}

/**
 * Prefixes each line the selection touches with `mark` (or takes it off when every line has it). The block is kept
 * apart from the text before it by a blank line, which Markdown needs for a quote or a list to start.
 */
function prefixLines({ value, start, end }: Draft, mark: string, placeholder: string): Edit {
  const from = value.lastIndexOf('\n', start - 1) + 1;
  const lineEnd = value.indexOf('\n', end);
  const to = lineEnd === -1 ? value.length : lineEnd;
  const lines = value.slice(from, to).split('\n');
  if (lines.every((line) => line.startsWith(mark))) {
    const text = lines.map((line) => line.slice(mark.length)).join('\n');
    return { from, to, text, select: [from, from + text.length] };
  }
  const isEmpty = lines.length === 1 && lines[0] === '';
  const body = isEmpty ? `${mark}${placeholder}` : lines.map((line) => `${mark}${line}`).join('\n');
  const gap = from === 0 || value.slice(0, from).endsWith('\n\n') ? '' : '\n';
  const at = from + gap.length;
  const select: [number, number] = isEmpty ? [at + mark.length, at + body.length] : [at, at + body.length];
  return { from, to, text: `${gap}${body}`, select };
}

/** The edit each toolbar button and shortcut makes. */
export function editFor(action: MarkdownAction, draft: Draft): Edit {
  switch (action) {
    case 'bold':
      return wrap(draft, '**', '**', 'bold text');
    case 'italic':
      return wrap(draft, '_', '_', 'italic text');
    case 'link':
      return link(draft);
    case 'code':
      return code(draft);
    case 'quote':
      return prefixLines(draft, '> ', 'quote');
    case 'list':
      return prefixLines(draft, '- ', 'list item');
  }
}

/** The text after an edit (what the fallback writes, and what tests compare). */
export function applyEdit(value: string, edit: Edit): string {
  return value.slice(0, edit.from) + edit.text + value.slice(edit.to);
}

/**
 * Text added at the end of a draft (a mention, a quote): on a line of its own when it is a block, after a space
 * otherwise. Returns the edit, whose selection is the caret after it.
 */
export function appendEdit(value: string, text: string, isBlock: boolean): Edit {
  const trimmed = value.replace(/\s+$/, '');
  const gap = trimmed === '' ? '' : isBlock ? '\n\n' : ' ';
  const added = `${gap}${text}`;
  const at = trimmed.length + added.length;
  return { from: trimmed.length, to: value.length, text: added, select: [at, at] };
}
