import { domainModels } from '../storage/index.ts';
import { activitySnapshotSchema } from './activity-snapshot.ts';
import { forumChangeSchema } from './forum-journal.ts';
import { heldThreadSchema, holdingSchema } from './holding-model.ts';
import { threadSchema } from './thread-model.ts';

/**
 * The threads domain's collections: only this domain reads or writes them. Holdings and held threads are stored under
 * their collections' first names (in the database and in backup files).
 */
export const threadModels = domainModels((connection) => ({
  Thread: connection.model('Thread', threadSchema),
  Holding: connection.model('Holding', holdingSchema, 'entitlements'),
  HeldThread: connection.model('HeldThread', heldThreadSchema, 'holdings'),
  ActivitySnapshot: connection.model('ActivitySnapshot', activitySnapshotSchema),
  ForumChange: connection.model('ForumChange', forumChangeSchema),
}));
