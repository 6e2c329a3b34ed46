import type { DomainEvents } from '../realtime/domain-events.ts';
import type { StorageContext } from '../storage/index.ts';
import type { MemberDirectory } from '../users/member-directory.ts';
import type { SessionCache } from './session-cache.ts';

/**
 * What auth's session and sign-in rules use, and nothing else: the connection (session records, their ends and
 * last-seen marks, the attempt slots), the log and `afterwards` (the session lists'), the domain events
 * (`session.ended`), the process's memory of ended sessions (`SessionCache`) and the member directory's keys (a
 * name or address taken, a session's member). The app is one. Each function takes only the part it uses; what also
 * signs tokens, mails codes or writes another domain's accounts takes the app.
 */
export interface AuthContext extends StorageContext {
  events: Pick<DomainEvents, 'publish'>;
  sessionCache: Pick<SessionCache, 'hasEnded'>;
  members: Pick<MemberDirectory, 'member' | 'idByName' | 'idByEmail'>;
}
