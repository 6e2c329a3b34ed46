import type { Changes } from '../read-models/changes.ts';
import type { DomainEvents } from '../realtime/domain-events.ts';
import type { StorageContext } from '../storage/index.ts';
import type { MemberDirectory } from '../users/member-directory.ts';

/**
 * What writing, reading and presenting replies use, and nothing else: the connection (this domain's lists, and the
 * thread's reply hints: `noteReply`), the log and `afterwards` (the lists' and the hints'), the read models' `tell`
 * (a hint raised again), the domain events (`reply.created`) and the member directory's cards (the authors). The
 * app is one; each function takes only the part it uses. Answering a viewer also asks the thread's read gate
 * (`ReadingContext`, threads/context.ts).
 */
export interface ReplyContext extends StorageContext {
  events: Pick<DomainEvents, 'publish'>;
  changes: Pick<Changes, 'tell'>;
  /** `idByName`: the `@name`s a reply links (formatting/cook.ts). */
  members: Pick<MemberDirectory, 'shown' | 'idByName'>;
}

/** What writing and removing replies uses: their lists, and the thread's hints brought in step. */
export type RecordingContext = Omit<ReplyContext, 'events' | 'members'>;
