import Type from 'typebox';
import { Id, IdParams, IsoDate, Nullable } from './common.ts';
import { route } from './contract.ts';
import { endpoints } from './endpoints.ts';
import { LIMITS } from './limits.ts';
import { ReactionSummary } from './reactions.ts';
import { VALIDATION } from './ui-texts.ts';

/** A reply (spec 001 §3), with what the replies list shows of its author. */
export const Post = Type.Object({
  id: Id,
  threadId: Id,
  /** Its place in its thread (1, 2, …); a removed reply keeps its number, so numbers may skip. */
  number: Type.Integer({ minimum: 1 }),
  authorId: Id,
  authorName: Nullable(Type.String()),
  authorProfilePic: Nullable(Type.String()),
  authorIsAdmin: Type.Boolean(),
  authorIsModerator: Type.Boolean(),
  /** As written (Markdown: what a quote or an edit starts from). */
  content: Type.String(),
  /** The content as HTML, cooked and sanitized by the server when written: what the page shows. */
  cooked: Type.String(),
  createdAt: IsoDate,
  updatedAt: IsoDate,
  /** Reactions as the viewer sees them (issue 28): counts by kind and the viewer's own; absent where not shown. */
  reactions: Type.Optional(ReactionSummary),
});
export type Post = Type.Static<typeof Post>;

export const ReplyBody = Type.Object({
  content: Type.String({ minLength: 1, pattern: '\\S', errorMessage: VALIDATION.contentRequired }),
});
export type ReplyBody = Type.Static<typeof ReplyBody>;

export const PostsQuery = Type.Object({
  /** Oldest first; default and maximum LIMITS.pageSizeMax. */
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: LIMITS.pageSizeMax })),
  /** The next page: replies whose `number` is above this one (the last reply's number of the page before). */
  after: Type.Optional(Type.Integer({ minimum: 0 })),
});
export type PostsQuery = Type.Static<typeof PostsQuery>;

export const postRoutes = {
  posts: route({
    ...endpoints.posts,
    summary: 'Replies, oldest first; 402 for a premium thread without access',
    params: IdParams,
    querystring: PostsQuery,
    response: { 200: Type.Array(Post) },
  }),
  reply: route({
    ...endpoints.reply,
    summary: 'Reply: members with access, not muted, once every 10 seconds',
    params: IdParams,
    body: ReplyBody,
    response: { 201: Post },
  }),
};
