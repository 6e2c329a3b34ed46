import { deserialize, serialize } from 'node:v8';
import { type WordColumns, WordIndex } from './word-index.ts';

/** What a forum snapshot holds of a thread: the forum index's facts (`ThreadFacts`), no text. */
export interface SnapshotFacts {
  id: number;
  authorId: number;
  categoryId: number;
  isApproved: boolean;
  isPrivate: boolean;
  allowedUserIds: number[];
  isPremium: boolean;
  isSisterThread: boolean;
  parentThreadId: number | null;
  sisterThreadId: number | null;
  hasUnlockableContent: boolean;
  isGroupBuy: boolean;
  createdAt: Date;
  lastReplyAt: Date | null;
  replyCount: number;
  textHash: number;
}

/** The forum index's state: its threads' facts, its two word indexes, and the threads whose words include old ones. */
export interface ForumState {
  facts: SnapshotFacts[];
  shown: WordIndex;
  content: WordIndex;
  rewritten: number[];
}

/** Where the forum's journal stood when the snapshot was taken, and the highest thread id then. */
export interface ForumSnapshotMeta {
  /** Every change journaled up to this number is in the snapshot: a start replays those after it. */
  head: number;
  /** Every thread up to this id is in it (or in the journal after `head`): a start reads those above it by key. */
  top: number;
  threads: number;
  /** Journal items up to here are deleted. */
  trimmedTo: number;
}

const FORMAT = 2;
const FLAGS = ['isApproved', 'isPrivate', 'isPremium', 'isSisterThread', 'hasUnlockableContent', 'isGroupBuy'] as const;

interface Encoded {
  format: number;
  ids: Int32Array;
  authors: Int32Array;
  categories: Int32Array;
  flags: Uint8Array;
  parents: Int32Array;
  sisters: Int32Array;
  created: Float64Array;
  /** NaN: no reply. */
  lastReplies: Float64Array;
  replyCounts: Int32Array;
  hashes: Int32Array;
  allowedCounts: Int32Array;
  allowed: Int32Array;
  shown: WordColumns;
  content: WordColumns;
  rewritten: Int32Array;
}

/** The state as bytes: columns of typed arrays (copied as they are by `v8.serialize`), some 60 B a thread and its words. */
export function encodeForum(state: ForumState): Buffer {
  const { facts } = state;
  const n = facts.length;
  const encoded: Encoded = {
    format: FORMAT,
    ids: new Int32Array(n),
    authors: new Int32Array(n),
    categories: new Int32Array(n),
    flags: new Uint8Array(n),
    parents: new Int32Array(n),
    sisters: new Int32Array(n),
    created: new Float64Array(n),
    lastReplies: new Float64Array(n),
    replyCounts: new Int32Array(n),
    hashes: new Int32Array(n),
    allowedCounts: new Int32Array(n),
    allowed: new Int32Array(facts.reduce((sum, thread) => sum + thread.allowedUserIds.length, 0)),
    shown: state.shown.columns(),
    content: state.content.columns(),
    rewritten: Int32Array.from(state.rewritten),
  };
  let allowedAt = 0;
  facts.forEach((thread, i) => {
    encoded.ids[i] = thread.id;
    encoded.authors[i] = thread.authorId;
    encoded.categories[i] = thread.categoryId;
    encoded.flags[i] = FLAGS.reduce((bits, flag, bit) => bits | (thread[flag] ? 1 << bit : 0), 0);
    encoded.parents[i] = thread.parentThreadId ?? 0;
    encoded.sisters[i] = thread.sisterThreadId ?? 0;
    encoded.created[i] = thread.createdAt.getTime();
    encoded.lastReplies[i] = thread.lastReplyAt?.getTime() ?? Number.NaN;
    encoded.replyCounts[i] = thread.replyCount;
    encoded.hashes[i] = thread.textHash;
    encoded.allowedCounts[i] = thread.allowedUserIds.length;
    for (const id of thread.allowedUserIds) encoded.allowed[allowedAt++] = id;
  });
  return serialize(encoded);
}

/** The state `encodeForum` wrote, or null for bytes of another format (a snapshot of an older version). */
export function decodeForum(data: Buffer, nobody: number[]): ForumState | null {
  const encoded = deserialize(data) as Encoded;
  if (encoded?.format !== FORMAT) return null;
  const facts: SnapshotFacts[] = new Array(encoded.ids.length);
  let allowedAt = 0;
  for (let i = 0; i < facts.length; i++) {
    const bits = encoded.flags[i] as number;
    const count = encoded.allowedCounts[i] as number;
    const lastReply = encoded.lastReplies[i] as number;
    facts[i] = {
      id: encoded.ids[i] as number,
      authorId: encoded.authors[i] as number,
      categoryId: encoded.categories[i] as number,
      isApproved: (bits & 1) !== 0,
      isPrivate: (bits & 2) !== 0,
      allowedUserIds: count === 0 ? nobody : Array.from(encoded.allowed.subarray(allowedAt, allowedAt + count)),
      isPremium: (bits & 4) !== 0,
      isSisterThread: (bits & 8) !== 0,
      parentThreadId: (encoded.parents[i] as number) || null,
      sisterThreadId: (encoded.sisters[i] as number) || null,
      hasUnlockableContent: (bits & 16) !== 0,
      isGroupBuy: (bits & 32) !== 0,
      createdAt: new Date(encoded.created[i] as number),
      lastReplyAt: Number.isNaN(lastReply) ? null : new Date(lastReply),
      replyCount: encoded.replyCounts[i] as number,
      textHash: encoded.hashes[i] as number,
    };
    allowedAt += count;
  }
  return {
    facts,
    shown: WordIndex.fromColumns(encoded.shown),
    content: WordIndex.fromColumns(encoded.content),
    rewritten: Array.from(encoded.rewritten),
  };
}
