import { domainModels } from '../storage/index.ts';
import { reactedMessageSchema, reactionChangeSchema } from './reaction-model.ts';

/** The reactions domain's collections: only this domain reads or writes them. */
export const reactionModels = domainModels((connection) => ({
  ReactionChange: connection.model('ReactionChange', reactionChangeSchema, 'reactions'),
  ReactedMessage: connection.model('ReactedMessage', reactedMessageSchema, 'reactedmessages'),
}));
