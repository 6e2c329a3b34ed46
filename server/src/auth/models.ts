import { domainModels } from '../storage/index.ts';
import { sessionEndSchema, sessionItemSchema, sessionSeenSchema, sessionStepUpSchema } from './session-model.ts';

/** The auth domain's collections: only this domain reads or writes them. */
export const authModels = domainModels((connection) => ({
  SessionItem: connection.model('SessionItem', sessionItemSchema),
  SessionEnd: connection.model('SessionEnd', sessionEndSchema),
  SessionSeen: connection.model('SessionSeen', sessionSeenSchema),
  SessionStepUp: connection.model('SessionStepUp', sessionStepUpSchema),
}));
