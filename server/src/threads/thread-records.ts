import { type Database, findByNumericId } from '../storage/index.ts';
import type { ListedThread, ThreadFacts } from './forum-index.ts';
import { threadModels } from './models.ts';
import type { ThreadRecord } from './thread-model.ts';

/** Threads whose records are kept: the pages most read (the newest, each category's first), a few MB at any size. */
const HELD = 2000;

/**
 * The records the forum's lists and thread pages present, read by key and the most recent kept, each with the facts
 * it was read under: it is shown only while the forum index holds those same facts, so a change told since (a reply,
 * an edit) is read again, and a read that answers late never stands for a newer state.
 */
export class ThreadRecords {
  readonly #held = new Map<number, { facts: ThreadFacts; thread: ListedThread }>();

  /** Keeps a record just read, the most recently used last. */
  hold(facts: ThreadFacts, thread: ListedThread): void {
    this.#held.delete(facts.id);
    this.#held.set(facts.id, { facts, thread });
    if (this.#held.size > HELD) this.#held.delete(this.#held.keys().next().value as number);
  }

  forget(id: number): void {
    this.#held.delete(id);
  }

  /** The record kept for these very facts, or undefined: what a list takes without waiting on a read. */
  held(facts: ThreadFacts): ListedThread | undefined {
    const held = this.#held.get(facts.id);
    if (held?.facts !== facts) return undefined;
    this.hold(facts, held.thread);
    return held.thread;
  }

  /** The live thread these facts describe, as stored; null when it was deleted since. */
  async read(app: Database, facts: ThreadFacts): Promise<ListedThread | null> {
    const held = this.held(facts);
    if (held) return held;
    const stored = await findByNumericId<ThreadRecord>(threadModels(app).Thread, facts.id);
    if (!stored || stored.deletedAt) return null;
    const thread = { ...stored, replyCount: facts.replyCount, lastReplyAt: facts.lastReplyAt };
    this.hold(facts, thread);
    return thread;
  }
}
