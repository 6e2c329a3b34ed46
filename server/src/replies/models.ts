import { domainModels } from '../storage/index.ts';
import { replyRefSchema, replySchema } from './reply-model.ts';

/** The replies domain's collections: only this domain reads or writes them. */
export const replyModels = domainModels((connection) => ({
  Reply: connection.model('Reply', replySchema, 'posts'),
  ReplyRef: connection.model('ReplyRef', replyRefSchema),
}));
