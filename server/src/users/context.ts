import type { DomainEvents } from '../realtime/domain-events.ts';
import type { Database } from '../storage/index.ts';
import type { MemberDirectory } from './member-directory.ts';

/**
 * What the users domain's rules use: the connection (the member's document and picture; the account reads and writes
 * of accounts.ts take only this, `Database`), the domain events a member's edit publishes (`member.changed`,
 * `profile.updated`) and the member directory's lookups (a member by id or by name, members as anyone may see them).
 * The app is one. Each function takes only the part it uses; deleting an account keeps the app, since it forgets the
 * member's sessions and activity through functions that take it (as `presentMe` does, for the config).
 */
export interface MemberContext extends Database {
  events: Pick<DomainEvents, 'publish'>;
  members: Pick<MemberDirectory, 'member' | 'idByName' | 'shown'>;
}

/** The part of the member directory a function reads, and nothing else: `DirectoryPart<'member'>` finds one by id. */
export type DirectoryPart<K extends keyof MemberDirectory> = { members: Pick<MemberDirectory, K> };

/** What a member's edit writes with: their documents, and the events it publishes. */
export type EditContext = Omit<MemberContext, 'members'>;
