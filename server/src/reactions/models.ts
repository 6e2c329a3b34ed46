import { domainModels } from '../storage/index.ts';
import { reactionChangeSchema } from './reaction-model.ts';

/** The reactions domain's collection: only this domain reads or writes it. */
export const reactionModels = domainModels((connection) => ({
  ReactionChange: connection.model('ReactionChange', reactionChangeSchema, 'reactions'),
}));
