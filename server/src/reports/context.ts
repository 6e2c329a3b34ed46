import type { DomainEvents } from '../realtime/domain-events.ts';
import type { StorageContext } from '../storage/index.ts';
import type { MemberDirectory } from '../users/member-directory.ts';

/**
 * What the report rules use, and nothing else: the connection and its lists (the reports, the resolution's slot,
 * the moderation log), the domain events (`report.queued`, `report.resolved`) and the members as anyone may see them (the names a
 * report shows). The app is one. Each function takes only the part it uses; filing a report and taking action read
 * and remove other domains' content, through functions that take the app, and so take it too.
 */
export interface ReportContext extends StorageContext {
  events: Pick<DomainEvents, 'publish'>;
  members: Pick<MemberDirectory, 'shown'>;
}
