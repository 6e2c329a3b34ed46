import { plainTextAsHtml } from '@enclave/server/formatting/plain-text.ts';

export interface DatasetSize {
  threads: number;
  replies: number;
  members: number;
  messages: number;
}

/** Issue #14's three sizes, and issue #26's forum ten times larger (XL: written in many minutes, run on request). */
export const SIZES = {
  S: { threads: 1000, replies: 10_000, members: 500, messages: 5000 },
  M: { threads: 5000, replies: 50_000, members: 2000, messages: 25_000 },
  L: { threads: 20_000, replies: 200_000, members: 8000, messages: 100_000 },
  XL: { threads: 100_000, replies: 1_000_000, members: 40_000, messages: 500_000 },
} satisfies Record<string, DatasetSize>;
export type SizeName = keyof typeof SIZES;

/** The realtime bench (`npm run bench`) runs on S without messages, so a push is not measured against a full inbox. */
export const REALTIME_SIZE: DatasetSize = { ...SIZES.S, messages: 0 };

export const CATEGORIES = 8;
/** Staff: signs in for the admin routes; organises the group buy. */
export const ADMIN = 1;
/** The verified member the member routes sign in as: 2,000 messages, a coin purchase, premium purchases. */
export const READER = 2;
/** The thread with 200 replies. */
export const HOT_THREAD = 1;
export const HOT_REPLIES = 200;
export const READER_MESSAGES = 2000;
/** The group-buy thread every watcher follows. */
export const GROUP_BUY_THREAD = 2;
export const GROUP_BUY_CONTRIBUTORS = [2, 3, 4, 5, 6];
export const REPORTS = 20;
export const isPremiumThread = (id: number) => id % 20 === 0;
export const isPrivateThread = (id: number) => id % 50 === 25;
export const authorOf = (thread: number, size: DatasetSize) =>
  thread === GROUP_BUY_THREAD ? ADMIN : ((thread - 1) % size.members) + 1;

const HOUR = 3600_000;

/**
 * What the dataset holds, as functions of the size and of the moment it is written (every date is relative to it),
 * so the writer can make one list at a time and the sanity check can say what the routes must answer.
 */
export function datasetOf(size: DatasetSize, now = Date.now()) {
  const start = now - (size.threads + 1) * HOUR;
  const threadCreatedAt = (thread: number) => new Date(start + thread * HOUR);
  const others = size.threads - 1;
  /** Reply i (0-based, id i + 1): the hot thread's 200 first, then one per thread in turn over threads 2, 3, … */
  const reply = (i: number) => {
    const threadId = i < HOT_REPLIES ? HOT_THREAD : 2 + ((i - HOT_REPLIES) % others);
    return {
      id: i + 1,
      threadId,
      /** Its number in its thread's list: replies are numbered in id order. */
      number: i < HOT_REPLIES ? i + 1 : Math.floor((i - HOT_REPLIES) / others) + 1,
      authorId: ((i * 7) % size.members) + 1,
      content: `Reply ${i + 1}: a benchmark reply of ordinary length.`,
      // Plain text cooks to its escaped paragraphs: as the app stores it now, without parsing 200,000 replies.
      cooked: plainTextAsHtml(`Reply ${i + 1}: a benchmark reply of ordinary length.`),
      mentions: [],
      createdAt: new Date(threadCreatedAt(threadId).getTime() + i),
    };
  };
  /** A thread's replies in number order, without walking the others. */
  const repliesOf = (thread: number) => {
    const indexes: number[] = [];
    if (thread === HOT_THREAD) for (let i = 0; i < Math.min(HOT_REPLIES, size.replies); i++) indexes.push(i);
    else for (let i = HOT_REPLIES + thread - 2; i < size.replies; i += others) indexes.push(i);
    return indexes.map(reply);
  };
  const readerMessages = Math.min(READER_MESSAGES, size.messages);
  /** Message i (0-based, id i + 1): the reader's 2,000 first, half received and half sent; then members write to each other. */
  const message = (i: number) => {
    const other = 3 + (i % (size.members - 2));
    let [senderId, recipientId] =
      i < readerMessages
        ? i % 2 === 0
          ? [other, READER]
          : [READER, other]
        : [((i * 7) % size.members) + 1, ((i * 13 + 1) % size.members) + 1];
    if (senderId === recipientId) recipientId = (recipientId % size.members) + 1;
    const isRead = i % 3 !== 0;
    const createdAt = new Date(now - (size.messages - i) * 1000);
    return {
      id: i + 1,
      content: `Benchmark message ${i + 1}`,
      cooked: plainTextAsHtml(`Benchmark message ${i + 1}`),
      senderId: senderId as number,
      recipientId: recipientId as number,
      isRead,
      readAt: isRead ? createdAt : null,
      createdAt,
    };
  };
  return { size, now: new Date(now), threadCreatedAt, reply, repliesOf, message };
}
export type Dataset = ReturnType<typeof datasetOf>;

/** Makes items 0..count-1 and writes them 2,000 at a time (one batch per call keeps memory flat at L). */
export async function inChunks<T>(
  count: number,
  make: (i: number) => T,
  write: (items: T[]) => Promise<unknown>,
  chunk = 2000,
): Promise<void> {
  for (let first = 0; first < count; first += chunk) {
    await write(Array.from({ length: Math.min(chunk, count - first) }, (_, k) => make(first + k)));
  }
}

/** Adds `item` to the list `key` of `groups`, in order. */
export function pushTo<K, T>(groups: Map<K, T[]>, key: K, item: T): void {
  const group = groups.get(key);
  if (group) group.push(item);
  else groups.set(key, [item]);
}

/** Items grouped by owner (an account, a member), each group in the order given. */
export function groupBy<K, T>(items: Iterable<T>, keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) pushTo(groups, keyOf(item), item);
  return groups;
}
