import type { CategoryDirectory } from '../categories/category-directory.ts';
import type { Changes } from '../read-models/changes.ts';
import type { DomainEvents } from '../realtime/domain-events.ts';
import type { MemberDirectory } from '../users/member-directory.ts';
import type { AccessContext } from './access.ts';
import type { ForumIndex } from './forum-index.ts';

/**
 * What the thread rules use, and nothing else: thread access's (the connection, the log and `afterwards`, the
 * process's memory of holdings, the live threads), the forum index's lists (`list`, the approval queue's `pending`),
 * the domain events (`thread.*`, `access.granted`), the read models' `tell` (a reply hint raised again), the member
 * directory's cards (an author's name, a 402's seller) and the categories. The app is one; each function below and
 * in this folder takes only the part it uses. Rules that reach another domain's function taking the whole app, or
 * the app's config, keep the app.
 */
export interface ThreadContext extends AccessContext {
  forum: Pick<ForumIndex, 'current' | 'get' | 'thread' | 'list' | 'pending'>;
  events: Pick<DomainEvents, 'publish'>;
  changes: Pick<Changes, 'tell'>;
  /** `idByName`: the `@name`s a thread's content links (formatting/cook.ts). */
  members: Pick<MemberDirectory, 'cards' | 'shown' | 'idByName'>;
  categories: Pick<CategoryDirectory, 'find' | 'all'>;
}

/**
 * What reading one thread for a viewer uses (the read gate, `readableThread`): the thread by key or from the live
 * threads, what the viewer holds, and the author's card for a 402.
 */
export type ReadingContext = Pick<ThreadContext, 'mongo' | 'forum' | 'holdings' | 'members'>;

/** What presenting threads uses: the storage (group buys, reply counts), holdings, authors' cards and categories. */
export type PresentingContext = Omit<ThreadContext, 'forum' | 'events' | 'changes'>;

/** What a write that tells of itself uses: the storage (its lists and intents) and the domain events. */
export type TellingContext = Pick<ThreadContext, 'mongo' | 'log' | 'afterwards' | 'events'>;

/** What writing a thread and presenting it back uses: all but the forum index and the read models' `tell`. */
export type WritingContext = Omit<ThreadContext, 'forum' | 'changes'>;
