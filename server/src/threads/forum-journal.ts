import { Schema } from 'mongoose';
import { append, itemsReadByKey, type ListItem, listItemFields, type StorageContext } from '../storage/index.ts';
import { threadModels } from './models.ts';

/**
 * The forum's journal: a keyed list of the threads changed, in the order they were told, so that a start from the
 * forum index's snapshot re-reads by key only those changed since (`ForumIndex`). Every change the index follows is
 * journaled (a thread created, edited, approved, deleted or moved, and a reply written or removed: the reply count and
 * last activity are facts the index holds), by the process that wrote it; a change whose thread write may not be
 * followed by its event (a crash between) is journaled before that write too. An item journaled before its write is
 * harmless: the start re-reads the thread by key, and a snapshot waits a few seconds after reading the journal's
 * head before it takes the index's state.
 */
export interface ForumChange extends ListItem {
  threadId: number;
}

export const forumChangeSchema = itemsReadByKey(
  new Schema<ForumChange>({ ...listItemFields, threadId: { type: Number, required: true } }, { versionKey: false }),
);

export const JOURNAL = 'forum-changes';

/** Journals the threads as changed (appends that arrive together are one insert: `append`'s group commit). */
export async function journalThreads(app: StorageContext, threadIds: Iterable<number>): Promise<void> {
  const { ForumChange } = threadModels(app);
  await Promise.all(
    [...new Set(threadIds)].map((threadId) =>
      // Trimmed by each snapshot: another process may have deleted what this one remembers as the head.
      append<ForumChange>(app, ForumChange, JOURNAL, () => ({ threadId }), { trimmed: true }),
    ),
  );
}
