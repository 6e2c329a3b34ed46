import type { DomainEvents } from '../realtime/domain-events.ts';
import type { StorageContext } from '../storage/index.ts';
import type { MemberDirectory } from '../users/member-directory.ts';

/**
 * What sending and reading messages use, and nothing else: the connection and the storage module's lists (the
 * boxes, the settled lists, the block lists; a thread read by key for an invite: `visibleThreads`), the log and
 * `afterwards` (the lists'), the domain events (`message.sent`, `message.read`: realtime.ts) and the member
 * directory (a member by id: who is written to or blocked; cards: the names a message shows). The app is one. Each
 * function takes only the part it uses: the boxes and the unread counts the storage alone (`StorageContext`).
 */
export interface MessageContext extends StorageContext {
  events: Pick<DomainEvents, 'publish'>;
  /** `idByName` and `shown`: the `@name`s a message links (formatting/cook.ts). */
  members: Pick<MemberDirectory, 'member' | 'cards' | 'idByName' | 'shown'>;
}
