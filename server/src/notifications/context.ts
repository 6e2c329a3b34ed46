import type { DomainEvents } from '../realtime/domain-events.ts';
import type { StorageContext } from '../storage/index.ts';
import type { MemberDirectory } from '../users/member-directory.ts';

/**
 * What telling, listing and reading notifications use, and nothing else: the connection (this domain's lists and
 * markers, and a thread read by key for the read gate: `findThread`), the log and `afterwards` (the lists'), the
 * domain events (`notification.added` and `notification.read`, which reach every tab: realtime.ts) and the member
 * directory's cards (who is told: deleted? staff?; and the actor's name). The app is one; a unit test builds one
 * without it (rules.test.ts).
 */
export interface NotificationContext extends StorageContext {
  events: Pick<DomainEvents, 'publish'>;
  members: Pick<MemberDirectory, 'cards'>;
}
