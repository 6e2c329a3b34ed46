import { describe, expect, it } from 'vitest';
import type { ListedThread, ThreadFacts } from './forum-index.ts';
import { HELD, ThreadRecords } from './thread-records.ts';

const factsOf = (id: number) => ({ id }) as ThreadFacts;
const threadOf = (id: number) => ({ id, title: `thread ${id}` }) as unknown as ListedThread;

/** A full cache of threads 1..HELD, each held under its facts. */
function full() {
  const records = new ThreadRecords();
  const facts = Array.from({ length: HELD }, (_, i) => factsOf(i + 1));
  for (const f of facts) records.hold(f, threadOf(f.id));
  return { records, facts };
}

describe('thread records kept for the lists', () => {
  it('gives a record only for the very facts it was read under', () => {
    const records = new ThreadRecords();
    const facts = factsOf(1);
    records.hold(facts, threadOf(1));
    expect(records.held(facts)?.id).toBe(1);
    expect(records.held(factsOf(1))).toBeUndefined();
  });

  it('past the limit lets the oldest unread record go, and keeps one read since it was kept', () => {
    const { records, facts } = full();
    const [first, second, third] = facts as [ThreadFacts, ThreadFacts, ThreadFacts];
    expect(records.held(first)?.id).toBe(1);
    records.hold(factsOf(HELD + 1), threadOf(HELD + 1));
    expect(records.held(second)).toBeUndefined();
    expect(records.held(third)?.id).toBe(3);
    // The first was passed over once (its mark cleared) and is kept as the newest: unread since, it goes in its turn.
    for (let id = HELD + 2; id <= 2 * HELD; id++) records.hold(factsOf(id), threadOf(id));
    expect(records.held(third)?.id).toBe(3);
    records.hold(factsOf(2 * HELD + 1), threadOf(2 * HELD + 1));
    expect(records.held(first)).toBeUndefined();
  });
});
