import { type Database, findByNumericId } from '../storage/index.ts';
import type { ListedThread, ThreadFacts } from './forum-index.ts';
import { threadModels } from './models.ts';
import type { ThreadRecord } from './thread-model.ts';

/** Threads whose records are kept: the pages most read (the newest, each category's first), a few MB at any size. */
export const HELD = 2000;

/** A record kept, with the facts it was read under; `used`: read since it was kept or last passed over. */
interface Held {
  facts: ThreadFacts;
  thread: ListedThread;
  used: boolean;
}

/**
 * The records the forum's lists and thread pages present, read by key and the most recent kept, each with the facts
 * it was read under: it is shown only while the forum index holds those same facts, so a change told since (a reply,
 * an edit) is read again, and a read that answers late never stands for a newer state.
 */
export class ThreadRecords {
  /** Oldest first. */
  readonly #held = new Map<number, Held>();

  /**
   * Keeps a record just read; past the limit the oldest goes, unless used since (then kept as the newest, unmarked):
   * a second chance, so that a read marks its record instead of moving it in the map (every list read moved its 50,
   * 4.4 % of the server's time under 20 members listing).
   */
  hold(facts: ThreadFacts, thread: ListedThread): void {
    this.#held.delete(facts.id);
    this.#held.set(facts.id, { facts, thread, used: false });
    while (this.#held.size > HELD) {
      const [id, oldest] = this.#held.entries().next().value as [number, Held];
      this.#held.delete(id);
      if (!oldest.used) return;
      oldest.used = false;
      this.#held.set(id, oldest);
    }
  }

  forget(id: number): void {
    this.#held.delete(id);
  }

  /** The record kept for these very facts, or undefined: what a list takes without waiting on a read. */
  held(facts: ThreadFacts): ListedThread | undefined {
    const held = this.#held.get(facts.id);
    if (held?.facts !== facts) return undefined;
    held.used = true;
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
