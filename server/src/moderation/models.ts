import { domainModels } from '../storage/index.ts';
import { moderationLogSchema } from './moderation-log-model.ts';
import { muteEndingSchema } from './mute-endings.ts';

/** The moderation domain's collections: only this domain reads or writes them. */
export const moderationModels = domainModels((connection) => ({
  ModerationLog: connection.model('ModerationLog', moderationLogSchema),
  MuteEnding: connection.model('MuteEnding', muteEndingSchema),
}));
