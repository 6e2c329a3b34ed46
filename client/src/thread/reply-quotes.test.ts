import { describe, expect, it } from 'vitest';
import { quoteOf, replyStartOf } from './reply-quotes.ts';

const reply = { threadId: 7, number: 3, authorName: 'bob' };

describe('what Reply and Quote add to the reply form', () => {
  it('Reply mentions the author, or links the reply when the author is not shown', () => {
    expect(replyStartOf(reply)).toBe('@bob ');
    expect(replyStartOf({ ...reply, authorName: null })).toBe('[#3](/thread/7#reply-3) ');
  });

  it('Quote puts each line behind > and ends with a linked attribution', () => {
    expect(quoteOf('One\n\nTwo\n', reply)).toBe('> One\n>\n> Two\n>\n> — @bob, [#3](/thread/7#reply-3)\n\n');
    expect(quoteOf('Hidden', { ...reply, authorName: null })).toBe('> Hidden\n>\n> — [#3](/thread/7#reply-3)\n\n');
    expect(quoteOf('Post', { threadId: 7, number: null, authorName: 'carol' })).toBe(
      '> Post\n>\n> — @carol, [the thread](/thread/7)\n\n',
    );
  });
});
