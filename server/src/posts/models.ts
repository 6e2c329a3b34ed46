import { domainModels } from '../storage/index.ts';
import { postSchema, replyRefSchema } from './post-model.ts';

/** The posts domain's collections: only this domain reads or writes them. */
export const postModels = domainModels((connection) => ({
  Post: connection.model('Post', postSchema),
  ReplyRef: connection.model('ReplyRef', replyRefSchema),
}));
