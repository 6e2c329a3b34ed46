export interface DatasetSize {
  threads: number;
  replies: number;
  members: number;
  messages: number;
}

/** Issue #14's three sizes. */
export const SIZES = {
  S: { threads: 1000, replies: 10_000, members: 500, messages: 5000 },
  M: { threads: 5000, replies: 50_000, members: 2000, messages: 25_000 },
  L: { threads: 20_000, replies: 200_000, members: 8000, messages: 100_000 },
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
export const isPremiumThread = (id: number) => id % 20 === 0;
export const isPrivateThread = (id: number) => id % 50 === 25;
export const authorOf = (thread: number, size: DatasetSize) =>
  thread === GROUP_BUY_THREAD ? ADMIN : ((thread - 1) % size.members) + 1;

/** A stored document written raw (the driver's insertMany), in the layout of the code before keyed lists. */
export type Raw = Record<string, unknown>;

/** Makes documents 0..count-1 and inserts them 2,000 at a time (one batch per call keeps memory flat at L). */
export async function insertInChunks(
  count: number,
  insert: (docs: Raw[]) => Promise<unknown>,
  make: (i: number) => Raw,
): Promise<void> {
  for (let start = 0; start < count; start += 2000) {
    await insert(Array.from({ length: Math.min(2000, count - start) }, (_, k) => make(start + k)));
  }
}
