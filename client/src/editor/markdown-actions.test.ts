import { describe, expect, it } from 'vitest';
import { appendEdit, applyEdit, editFor } from './markdown-actions.ts';
import { mentionAt } from './mention-token.ts';

const run = (action: Parameters<typeof editFor>[0], value: string, start: number, end = start) =>
  applyEdit(value, editFor(action, { value, start, end }));

describe('the toolbar’s edits', () => {
  it('fences code that spans lines, and inlines it otherwise', () => {
    expect(run('code', 'a\nb', 0, 3)).toBe('```\na\nb\n```');
    expect(run('code', 'x', 0, 1)).toBe('`x`');
  });

  it('links the selection with the address selected', () => {
    const edit = editFor('link', { value: 'docs', start: 0, end: 4 });
    expect(applyEdit('docs', edit)).toBe('[docs](url)');
    expect('[docs](url)'.slice(...edit.select)).toBe('url');
  });

  it('takes a list mark off lines that all have it', () => {
    expect(run('list', '- a\n- b', 0, 7)).toBe('a\nb');
  });
});

describe('text added to a draft', () => {
  it('puts a quote on lines of its own and a mention after a space', () => {
    expect(applyEdit('Hi', appendEdit('Hi', '> q\n\n', true))).toBe('Hi\n\n> q\n\n');
    expect(applyEdit('Hi  ', appendEdit('Hi  ', '@bob ', false))).toBe('Hi @bob ');
    expect(applyEdit('', appendEdit('', '@bob ', false))).toBe('@bob ');
  });
});

describe('the mention at the caret', () => {
  it('is an @ at a word start followed by a username’s letters', () => {
    expect(mentionAt('hi @al', 6)).toEqual({ at: 3, prefix: 'al' });
    expect(mentionAt('@', 1)).toEqual({ at: 0, prefix: '' });
    expect(mentionAt('(@bo.b', 6)).toEqual({ at: 1, prefix: 'bo.b' });
  });

  it('is none in an email address, after a space, or away from the caret', () => {
    expect(mentionAt('bob@al', 6)).toBeNull();
    expect(mentionAt('@al ', 4)).toBeNull();
    expect(mentionAt('@al and', 7)).toBeNull();
  });
});
