import type { Post, PublicUser } from '@enclave/protocol';
import { cookedOf } from '../formatting/cook.ts';
import type { DirectoryPart } from '../users/context.ts';
import type { ReplyRecord } from './reply-model.ts';

function present(post: ReplyRecord, author: PublicUser | undefined): Post {
  return {
    id: post.id,
    threadId: post.threadId,
    number: post.n,
    authorId: post.authorId,
    authorName: author?.username ?? null,
    authorProfilePic: author?.profilePicture ?? null,
    authorIsAdmin: author?.isAdmin ?? false,
    authorIsModerator: author?.isModerator ?? false,
    content: post.content,
    cooked: cookedOf(post),
    createdAt: post.createdAt.toISOString(),
    updatedAt: post.updatedAt.toISOString(),
  };
}

/** Replies with their authors; a deleted author reads as 'Anonymous'. */
export async function presentReplies(app: DirectoryPart<'shown'>, posts: ReplyRecord[]): Promise<Post[]> {
  const authors = await app.members.shown(posts.map((post) => post.authorId));
  return posts.map((post) => present(post, authors.get(post.authorId)));
}
