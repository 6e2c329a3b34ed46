import { describe, expect, it } from 'vitest';
import { newestOfBoth, OrderedIds } from './ordered-ids.ts';

const held = (...ids: number[]) => {
  const set = new OrderedIds();
  for (const id of ids) set.add(id);
  return set;
};

describe('OrderedIds', () => {
  it('walks from either end, below or above a bound, and holds each id once', () => {
    const ids = held(5, 1, 9, 3, 9, 7);
    expect([...ids]).toEqual([1, 3, 5, 7, 9]);
    expect([...ids.walk('newest')]).toEqual([9, 7, 5, 3, 1]);
    expect([...ids.walk('newest', 7)]).toEqual([5, 3, 1]);
    expect([...ids.walk('oldest', 3)]).toEqual([5, 7, 9]);
    expect([ids.size, ids.highest, new OrderedIds().highest]).toEqual([5, 9, 0]);
  });

  it('goes on from where it was when ids come and go between two steps', () => {
    const ids = held(1, 2, 3, 4, 5, 6);
    const walk = ids.walk('newest');
    const seen = [walk.next().value, walk.next().value];
    // The one just given goes, one above it comes, and the next two go.
    ids.delete(5);
    ids.add(10);
    ids.delete(4);
    ids.delete(3);
    seen.push(...walk);
    expect(seen).toEqual([6, 5, 2, 1]);
  });

  it('merges two walks newest first, an id in both once', () => {
    const merged = newestOfBoth(held(1, 4, 6, 9).walk('newest'), held(2, 4, 8).walk('newest'));
    expect([...merged]).toEqual([9, 8, 6, 4, 2, 1]);
    expect([...newestOfBoth(held().walk('newest'), held(3).walk('newest'))]).toEqual([3]);
  });
});
