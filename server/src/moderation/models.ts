import { domainModels } from '../storage/index.ts';
import { moderationLogItemSchema, moderationLogSchema } from './moderation-log-model.ts';

/** The moderation domain's collections: only this domain reads or writes them. */
export const moderationModels = domainModels((connection) => ({
  ModerationLog: connection.model('ModerationLog', moderationLogSchema),
  ModerationLogItem: connection.model('ModerationLogItem', moderationLogItemSchema),
}));
