import type { DomainEvents } from '../realtime/domain-events.ts';
import type { StorageContext } from '../storage/index.ts';
import type { MemberDirectory } from '../users/member-directory.ts';

/**
 * What moderation's rules use, and nothing else: the connection (the log, the members' accounts, the mutes' ends),
 * the log and `afterwards` (a mute end's sweep), the domain events (`member.changed`, `member.sanctionLifted`) and
 * the member directory (a member found by id; the names shown in the log). The app is one. Each function takes only
 * the part it uses; the sweep's schedule takes the app (its interval is the config's).
 */
export interface ModerationContext extends StorageContext {
  events: Pick<DomainEvents, 'publish'>;
  members: Pick<MemberDirectory, 'member' | 'shown'>;
}

/** What a sanction uses: the accounts and the log, the events it publishes, and its member found by id. */
export type SanctionContext = Pick<ModerationContext, 'mongo' | 'log' | 'afterwards' | 'events'> & {
  members: Pick<MemberDirectory, 'member'>;
};

/** What names the log's actors: the members as anyone may see them. */
export type NamingContext = { members: Pick<MemberDirectory, 'shown'> };
