import {
  type MessageList,
  NO_REACTIONS,
  type Post,
  type ReactionChanged,
  type ReactionKind,
  type ReactionSummary,
  type ReactionTarget,
  type Thread,
} from '@enclave/protocol';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { MESSAGES_QUERY_KEY } from '../messages/message-cache.ts';
import { updateThread } from '../thread/thread-cache.ts';
import { repliesKey } from '../thread/thread-queries.ts';

/** What a reaction bar reacts to: a thread, a reply of a thread, or a message. */
export interface ReactionRef {
  target: ReactionTarget;
  id: number;
  /** The thread of a thread or a reply (whose cache holds it); null for a message. */
  threadId: number | null;
}

type Update = (summary: ReactionSummary) => ReactionSummary;
type Replies = InfiniteData<Post[], number>;

/**
 * Every change to a target's reactions goes through here, answered, optimistic or pushed alike: the thread's own in
 * its detail, a reply's in its thread's pages, a message's in both boxes. A cache never fetched stays unfetched.
 */
export function updateReactions(queryClient: QueryClient, ref: ReactionRef, update: Update) {
  const on = <T extends { id: number; reactions?: ReactionSummary }>(item: T): T =>
    item.id === ref.id ? { ...item, reactions: update(item.reactions ?? NO_REACTIONS) } : item;
  if (ref.target === 'thread') updateThread(queryClient, ref.id, (thread: Thread) => on(thread));
  else if (ref.target === 'post' && ref.threadId !== null) {
    queryClient.setQueryData<Replies>(
      repliesKey(ref.threadId),
      (replies) => replies && { ...replies, pages: replies.pages.map((page) => page.map(on)) },
    );
  } else if (ref.target === 'message') {
    queryClient.setQueryData<MessageList>(
      MESSAGES_QUERY_KEY,
      (list) => list && { ...list, inbox: list.inbox.map(on), sent: list.sent.map(on) },
    );
  }
}

/** The viewer's own change, shown before the server answers. */
export const toggled =
  (kind: ReactionKind, on: boolean): Update =>
  (summary) => {
    if (summary.mine.includes(kind) === on) return summary;
    const count = (summary.counts[kind] ?? 0) + (on ? 1 : -1);
    const counts = { ...summary.counts };
    if (count > 0) counts[kind] = count;
    else delete counts[kind];
    return { counts, mine: on ? [...summary.mine, kind] : summary.mine.filter((mine) => mine !== kind) };
  };

/** The newest change applied per target: pushes can arrive out of order, the highest `version` is the latest. */
const versions = new Map<string, number>();

/** Pushed counts (nobody's own kinds): the viewer's own stay, unless nobody has that kind any more. */
export function applyReactionChange(queryClient: QueryClient, changed: ReactionChanged) {
  const key = `${changed.target}:${changed.id}`;
  if ((versions.get(key) ?? 0) >= changed.version) return;
  versions.set(key, changed.version);
  updateReactions(queryClient, { target: changed.target, id: changed.id, threadId: changed.threadId }, (summary) => ({
    counts: changed.counts,
    mine: summary.mine.filter((kind) => (changed.counts[kind] ?? 0) > 0),
  }));
}
