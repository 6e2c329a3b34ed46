import { type Model, mongo, Schema } from 'mongoose';
import type { StorageContext } from './domain-models.ts';
import { deleteByIds, isDuplicateKey } from './ids.ts';
import { intent } from './intents.ts';
import { isReadByKey, itemKey, type ListItem } from './list-item.ts';
import { readById } from './read-batches.ts';
import { storageModels } from './storage-models.ts';
import { firstRefusal, insertDocument, updateDocument, WriteRefused } from './write-batches.ts';

/**
 * Gap-free keyed lists: a thread's replies, a member's inbox, a member's ledger. Item n of list L is
 * stored under `_id` `L:n` (the one read FerretDB's SQLite backend answers from an index, and the
 * cheapest read on MongoDB), so a page is a bounded set of point reads and the head gives the count.
 *
 * - **Items are the truth.** An append inserts `L:{head+1}`; the unique `_id` refuses a second writer,
 *   who retries with the next number, so numbers are distinct and gap-free on every backend.
 * - **Heads are hints.** `ListHead` holds a number at most the true head (written after each append,
 *   not atomically on FerretDB); the true head is found by probing forward from it. Each process also
 *   remembers the heads it has seen, a hint of the same kind that spares the `ListHead` read. An append
 *   trusts the hint and inserts after it: the unique `_id` tells it when the hint was behind.
 * - **Buckets are a cache.** What a page shows together is kept together, `BUCKET` items a document
 *   (MongoDB's bucket pattern), so a page is a few reads. An append pushes its item onto its bucket
 *   without reading it, so a bucket may lack items or hold them out of order (two processes' pushes
 *   race on FerretDB, which applies an update by reading and writing the document back): a reader
 *   takes the items it finds by number, reads the missing ones by key and rebuilds the bucket, and a
 *   rewrite of an item leaves an intent (`intents.ts`) until its bucket is verified, which the start-up
 *   sweep finishes. A bucket holds its items packed (`packItem`): nothing queries inside a bucket.
 */
export const BUCKET = 50;

export { itemKey, itemsReadByKey, type ListItem, listItemFields } from './list-item.ts';
export const bucketOf = (n: number) => Math.floor((n - 1) / BUCKET);
export const bucketKey = (list: string, bucket: number) => `${list}#${bucket}`;

export const listHeadSchema = new Schema({ _id: String, n: { type: Number, required: true } }, { versionKey: false });
/** Read and written through the driver (`readBucket`, `writeBucket`, `addToBucket`): its items are packed. */
export const listBucketSchema = new Schema(
  { _id: String, items: { type: [Buffer], default: [] } },
  { versionKey: false, minimize: false },
);

/**
 * A bucket's item as a BSON blob the database never looks into. FerretDB decodes and re-encodes a stored
 * document field by field: at M, a bucket of 50 messages as nested documents took 12 ms to read and 15 ms to
 * push onto, and as blobs 3.5 ms and 5.4 ms. BSON keeps what the item document held (dates, ids, nulls).
 */
export const packItem = (item: ListItem) => new mongo.Binary(mongo.BSON.serialize(item));
const unpackItem = <T>(blob: mongo.Binary) => mongo.BSON.deserialize(blob.value()) as T;

/** The buckets, as the driver sees them (packed items pass through mongoose's casting untouched this way). */
const bucketsOf = (app: StorageContext) =>
  storageModels(app).ListBucket.collection as unknown as mongo.Collection<{ _id: string; items: mongo.Binary[] }>;

/** A bucket's items as stored, in stored order (which may not be number order: see above); none when absent. */
export async function readBucket<T extends ListItem>(app: StorageContext, list: string, bucket: number): Promise<T[]> {
  const stored =
    (await readById<{ items: mongo.Binary[] }>(storageModels(app).ListBucket, bucketKey(list, bucket)))?.items ?? [];
  return stored.map((item) => unpackItem<T>(item));
}

/** Stores `items` as the bucket, whatever it held. */
export async function writeBucket(app: StorageContext, list: string, bucket: number, items: ListItem[]) {
  await bucketsOf(app).replaceOne({ _id: bucketKey(list, bucket) }, { items: items.map(packItem) }, { upsert: true });
}

type ItemModel<T extends ListItem> = Model<T>;

/** A point read of one item. */
export async function readItem<T extends ListItem>(model: ItemModel<T>, list: string, n: number): Promise<T | null> {
  if (!Number.isSafeInteger(n) || n < 1) return null;
  return readById<T>(model, itemKey(list, n));
}

/**
 * What this process remembers of its lists is kept per app, under its connection (`app.mongo`): every plugin of an
 * app sees its own encapsulated instance of it, and all of them share its connection, so what one route appended
 * another knows (tests run several apps on different databases).
 */
const memoryOf = (app: StorageContext): object => app.mongo;

/** This app's part of a per-app memory (`memoryOf`), made empty on first use. */
function memoryIn<V>(memory: WeakMap<object, Map<string, V>>, app: StorageContext): Map<string, V> {
  let held = memory.get(memoryOf(app));
  if (!held) {
    held = new Map();
    memory.set(memoryOf(app), held);
  }
  return held;
}

/** Keeps `value` under `key` unless what is kept there is as far along (`at`); past `max` keys the memory starts over. */
function keepFurthest<V>(held: Map<string, V>, key: string, value: V, at: (kept: V) => number, max: number): void {
  const kept = held.get(key);
  if (kept !== undefined && at(kept) >= at(value)) return;
  if (held.size >= max) held.clear();
  held.set(key, value);
}

/**
 * Heads this process has appended or found. Lists only grow, so a remembered head is at most the true one, until
 * a restore puts back older data: `forgetLists` then, on every process (with the answers `firstSince` remembers).
 */
const seenHeads = new WeakMap<object, Map<string, number>>();
/** Past this many lists the memory starts over; a forgotten head costs one `ListHead` read. */
const SEEN_HEADS_MAX = 200_000;

const seenHeadsOf = (app: StorageContext) => memoryIn(seenHeads, app);

/** An empty list is remembered too: its next read probes item 1 and skips the `ListHead` read. */
const noteHead = (app: StorageContext, list: string, n: number) =>
  keepFurthest(seenHeadsOf(app), list, n, (head) => head, SEEN_HEADS_MAX);

/**
 * The last item this process appended to each list that `appendAfter` extends (a ledger's head entry), by model and
 * list: the next append is made on it without reading it. Another process's append since makes the insert fail on
 * `_id`, and the append then reads the true head, as with a remembered head.
 */
const lastItems = new WeakMap<object, Map<string, ListItem>>();
/** Fewer than the heads: each holds an item; a forgotten one costs one point read. */
const LAST_ITEMS_MAX = 50_000;

const lastItemsOf = (app: StorageContext) => memoryIn(lastItems, app);

function lastItemOf<T extends ListItem>(app: StorageContext, name: string, n: number): T | undefined {
  const item = lastItemsOf(app).get(name);
  return item?.n === n ? (item as T) : undefined;
}

const noteLastItem = (app: StorageContext, name: string, item: ListItem) =>
  keepFurthest(lastItemsOf(app), name, item, (kept) => kept.n, LAST_ITEMS_MAX);

const lineName = (model: ItemModel<ListItem>, list: string) => `${model.modelName}\u0000${list}`;

/** After a restore: the data may be older than what this process remembers of its lists. */
export function forgetLists(app: StorageContext): void {
  seenHeads.delete(memoryOf(app));
  lastItems.delete(memoryOf(app));
  answersSince.delete(memoryOf(app));
  grownLists.delete(memoryOf(app));
}

const exists = async (model: ItemModel<ListItem>, list: string, n: number) => (await readItem(model, list, n)) !== null;

/**
 * The number of items in `list`: the head this process remembers or the stored hint, then forward (items are
 * gap-free, so "item n exists" is true up to the head and false after). Usually one miss; a stored hint trails by
 * fewer than HINT_EVERY items, which are probed in one read. `atLeast`: a head known to be reached (a trimmed list's
 * stored hint), below which nothing is probed.
 */
export async function headOf<T extends ListItem>(
  app: StorageContext,
  model: ItemModel<T>,
  list: string,
  atLeast = 0,
): Promise<number> {
  const any = model as unknown as ItemModel<ListItem>;
  const hint = Math.max(await headHint(app, list), atLeast);
  let head = hint;
  if (await exists(any, list, hint + 1)) {
    const next = await Promise.all(numbersFrom(hint + 2, hint + HINT_EVERY).map((n) => exists(any, list, n)));
    const missing = next.indexOf(false);
    head = missing === -1 ? await searchForward(any, list, hint + HINT_EVERY) : hint + 1 + missing;
  }
  if (head >= hint + HINT_EVERY) void raiseHead(app, list, head);
  noteHead(app, list, head);
  return head;
}

/**
 * The last item of `list` (null for an empty list), remembered with its number, so that the next `appendAfter` in this
 * process makes its item on it and reads nothing before its insert. The items from the head hint to its furthest
 * reach (the stored hint's, or one past the head this process remembers) are read in one command: items are gap-free,
 * so the last found is the head, unless all were (or none, past an empty list's hint): then the head is searched for.
 */
export async function readLast<T extends ListItem>(
  app: StorageContext,
  model: ItemModel<T>,
  list: string,
): Promise<T | null> {
  const remembered = seenHeadsOf(app).get(list);
  const hint = remembered ?? (await storedHint(app, list));
  const reach = remembered === undefined ? HINT_EVERY : 1;
  const near = await Promise.all(numbersFrom(Math.max(1, hint), hint + reach).map((n) => readItem(model, list, n)));
  const found = near.filter((item) => item !== null);
  const among = found.length < near.length && (found.length > 0 || hint === 0);
  const last = among ? (found.at(-1) ?? null) : await readItem(model, list, await headOf(app, model, list));
  noteHead(app, list, last?.n ?? 0);
  if (last) noteLastItem(app, lineName(model as unknown as ItemModel<ListItem>, list), last);
  return last ?? null;
}

/** The head, from an item known to exist: forward by doubling steps, then a binary search. */
async function searchForward(model: ItemModel<ListItem>, list: string, from: number): Promise<number> {
  let low = from;
  let step = 1;
  while (await exists(model, list, low + step)) {
    low += step;
    step *= 2;
  }
  let high = low + step; // missing
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (await exists(model, list, mid)) low = mid;
    else high = mid;
  }
  return low;
}

/**
 * The stored hint is raised once every this many items (a write per append was a fifth of a purchase's writes), so it
 * trails the head by fewer: a process that has not seen the list probes them in one read.
 */
const HINT_EVERY = 8;

const storedHint = async (app: StorageContext, list: string) =>
  (await readById<{ n: number }>(storageModels(app).ListHead, list))?.n ?? 0;

/** The head this process remembers, or else the stored hint: at most the true head. */
async function headHint(app: StorageContext, list: string): Promise<number> {
  return seenHeadsOf(app).get(list) ?? (await storedHint(app, list));
}

/** Raises the head hint of `list` to `n` (best effort; never lowers it). */
export async function raiseHead(app: StorageContext, list: string, n: number): Promise<void> {
  try {
    await updateDocument(storageModels(app).ListHead, list, { $max: { n } }, { upsert: true });
  } catch (error) {
    // Two first appends racing on the upsert: the other wrote a hint, which is all a hint needs.
    if (!isDuplicateKey(error)) app.log.warn({ err: error, list }, 'list head hint not written');
  }
}

const keepsBuckets = (model: { schema: object }) => !isReadByKey(model.schema);

export interface AppendOptions<T extends ListItem = ListItem> {
  /** What to write once the item is stored, beside its bucket (a reply's thread hints), before the append answers. */
  alongside?: (item: T) => Promise<unknown>;
  /**
   * Answer once the item is stored: its bucket push, a cache's write, follows the answer (a reader meanwhile finds
   * the bucket short and completes it by key). For a list whose writer waits on its append to answer a member (a
   * ledger, a message box, a thread's replies).
   */
  answerOnceStored?: boolean;
  /**
   * The list's oldest items are deleted as it goes (`trimList`): an append starts from the stored head hint, which a
   * trim raises past what it deletes, as well as from this process's memory, which another process's trim leaves
   * behind (an append there would find the number free, and land below what its readers read).
   */
  trimmed?: boolean;
}

/**
 * Appends an item made by `make(n)` as number head + 1. Another process that took the number first
 * makes the insert fail on `_id`, and it retries with the next one; any other failure inserts nothing,
 * so no gap is left. The bucket and the head hint are brought up to date after the item is stored.
 * `make` runs in the list's turn, so what it does first (a write of its own) happens in append order.
 */
export async function append<T extends ListItem>(
  app: StorageContext,
  model: ItemModel<T>,
  list: string,
  make: (n: number) => Fields<T> | Promise<Fields<T>>,
  options: AppendOptions<T> = {},
): Promise<T> {
  return appendMade(app, model, list, async (n) => make(n), options);
}

/**
 * An append whose item depends on the one it extends (a ledger entry on the balance before it):
 * `make(n, previous)` gets item n - 1 (null for the first) and may refuse by throwing, which inserts
 * nothing. A lost race re-reads the new previous item, so what `make` checked is what it extends.
 */
export async function appendAfter<T extends ListItem>(
  app: StorageContext,
  model: ItemModel<T>,
  list: string,
  make: (n: number, previous: T | null) => Fields<T>,
  options: AppendOptions<T> = {},
): Promise<T> {
  const name = lineName(model as unknown as ItemModel<ListItem>, list);
  const made = async (n: number, before: T | undefined) =>
    make(n, before ?? lastItemOf<T>(app, name, n - 1) ?? (n > 1 ? await readItem(model, list, n - 1) : null));
  return appendMade(app, model, list, made, { ...options, extended: true });
}

type Fields<T extends ListItem> = Omit<T, '_id' | 'list' | 'n'>;

/**
 * One append waiting for its list's turn; `before` is the item made just ahead of it in the same batch, if any.
 * `extended`: made on the item before it (`appendAfter`), whose list's last item is then remembered.
 */
interface Waiting<T extends ListItem> {
  make: (n: number, before: T | undefined) => Promise<Fields<T>>;
  options: AppendOptions<T> & { extended?: boolean };
  resolve: (item: T) => void;
  reject: (error: unknown) => void;
}

/** A list's appends in this process: those waiting, and whether a batch of them is being written. */
interface Line {
  waiting: Waiting<ListItem>[];
  writing: boolean;
}

/** Per app (`memoryOf`), the lines of the lists it appends to, by model and list. */
const lines = new WeakMap<object, Map<string, Line>>();
/** At most this many appends are written together (one insert command, a bucket push or two). */
const BATCH_MAX = 100;

/**
 * Appends to one list in one process take turns, and those that arrive while a batch is written go together in the
 * next: numbered in arrival order, inserted in one ordered command, pushed onto their buckets in one update each.
 * Twenty replies to one thread at once are then a few writes, not sixty made one after another (group commit). A
 * turn ends at the batch's insert: its pushes and `alongside` writes do not hold up the next batch.
 */
function appendMade<T extends ListItem>(
  app: StorageContext,
  model: ItemModel<T>,
  list: string,
  make: Waiting<T>['make'],
  options: Waiting<T>['options'],
): Promise<T> {
  const byList = memoryIn(lines, app);
  const name = lineName(model as unknown as ItemModel<ListItem>, list);
  const line = byList.get(name) ?? { waiting: [], writing: false };
  byList.set(name, line);
  return new Promise<T>((resolve, reject) => {
    line.waiting.push({ make, options, resolve, reject } as unknown as Waiting<ListItem>);
    if (line.writing) return;
    line.writing = true;
    void (async () => {
      while (line.waiting.length > 0) {
        await writeBatch(app, model, list, line.waiting.splice(0, BATCH_MAX) as unknown as Waiting<T>[]);
      }
      line.writing = false;
      byList.delete(name);
    })();
  });
}

/**
 * Writes a batch of appends, settling each: items are made one after another from the head this process trusts
 * (each seeing the one made before it), then inserted in order; the unique `_id` stops the insert where another
 * writer holds a number, and the rest are made again after the true head. A refusal stands only on the true head
 * (a hint behind another process's appends would judge a spend on an older balance), so it is judged first in its
 * round. Never throws: every failure is its append's answer.
 */
async function writeBatch<T extends ListItem>(
  app: StorageContext,
  model: ItemModel<T>,
  list: string,
  batch: Waiting<T>[],
): Promise<void> {
  let todo = batch;
  try {
    const pastTrim = batch.some((waiting) => waiting.options.trimmed) ? await storedHint(app, list) : 0;
    let n = Math.max(await headHint(app, list), pastTrim) + 1;
    while (todo.length > 0) {
      const made: T[] = [];
      for (const waiting of todo) {
        const number = n + made.length;
        try {
          const fields = await waiting.make(number, made.at(-1));
          made.push({ ...fields, _id: itemKey(list, number), list, n: number } as T);
        } catch (refusal) {
          // Judged on an item of this batch not yet stored: the round ends before it, and it leads the next.
          if (made.length > 0) break;
          const head = await headOf(app, model, list, pastTrim);
          if (head === number - 1) {
            waiting.reject(refusal);
            todo = todo.slice(1);
          } else n = head + 1;
          break;
        }
      }
      if (made.length === 0) continue;
      const { stored, failure } = await insertInOrder(model, made);
      const storedNow = todo.slice(0, stored.length);
      todo = todo.slice(stored.length);
      if (stored.length > 0) {
        const last = (stored.at(-1) as T).n;
        const first = (stored[0] as T).n;
        const name = lineName(model as unknown as ItemModel<ListItem>, list);
        noteHead(app, list, last);
        extendGrown(app, name, stored);
        if (storedNow.some((waiting) => waiting.options.extended)) noteLastItem(app, name, stored.at(-1) as T);
        // The hint only spares probes: written once every HINT_EVERY items, and not waited for.
        if (Math.floor(last / HINT_EVERY) > Math.floor((first - 1) / HINT_EVERY)) {
          app.afterwards('list head hint not written', () => raiseHead(app, list, last));
        }
        // The numbers are taken: the next batch is written while this one's pushes and `alongside` writes go on (each
        // append answers once its own are done). Its pushes are queued first, so a bucket gets them in order.
        void settleStored(app, keepsBuckets(model) ? stored : [], stored, storedNow);
        n = last + 1;
      }
      if (failure === 'taken') n = (await headOf(app, model, list, pastTrim)) + 1;
      else if (failure !== undefined) {
        // Refused by the database for its own reasons (another unique index): that append's answer, no gap left.
        todo[0]?.reject(failure);
        todo = todo.slice(1);
      }
    }
  } catch (error) {
    for (const waiting of todo) waiting.reject(error);
  }
}

/** Each stored item's bucket push (one update per bucket) and its own `alongside`, then its append's answer. */
async function settleStored<T extends ListItem>(
  app: StorageContext,
  bucketed: T[],
  stored: T[],
  waiting: Waiting<T>[],
) {
  const pushed = addToBuckets(app, bucketed);
  if (waiting.some((answer) => answer.options.answerOnceStored))
    app.afterwards('bucket push not written', () => pushed);
  await Promise.all(
    stored.map(async (item, i) => {
      const answer = waiting[i] as Waiting<T>;
      try {
        await Promise.all([answer.options.answerOnceStored ? null : pushed, answer.options.alongside?.(item)]);
        answer.resolve(item);
      } catch (error) {
        answer.reject(error);
      }
    }),
  );
}

/**
 * Inserts the items in order, stopping at the first that fails: which were stored, and why the next was not:
 * 'taken' when another writer holds its number, the database's error otherwise. An error that says no document
 * (the connection dropped) is thrown: what was stored is unknown, as for a single insert, and each append says so.
 */
async function insertInOrder<T extends ListItem>(
  model: ItemModel<T>,
  items: T[],
): Promise<{ stored: T[]; failure?: 'taken' | unknown }> {
  try {
    // One item (a member's own list) goes with the collection's other writes; more go in their order, as one.
    if (items.length === 1) await insertDocument(model, items[0] as T);
    else await model.collection.insertMany(items as never[], { ordered: true });
    return { stored: items };
  } catch (error) {
    const refused = error instanceof WriteRefused ? { index: 0, refusal: error } : firstRefusal(error);
    if (!refused) throw error;
    const failed = items[refused.index] as T;
    const taken =
      isDuplicateKey(refused.refusal) && (await exists(model as unknown as ItemModel<ListItem>, failed.list, failed.n));
    return { stored: items.slice(0, refused.index), failure: taken ? 'taken' : refused.refusal };
  }
}

/**
 * Writes a whole list at once (a dataset written in bulk, a test seeding a crash): items 1..k
 * under their keys, then their buckets and the head hint. Items already stored stay as they are, so
 * running it again writes the same list. A long list may be written a part at a time, each starting
 * at item `from`, the first of a bucket (1, 51, 101, …), so that each bucket is written whole.
 */
export async function importList<T extends ListItem>(
  app: StorageContext,
  model: ItemModel<T>,
  list: string,
  items: Omit<T, '_id' | 'list' | 'n'>[],
  from = 1,
): Promise<T[]> {
  if ((from - 1) % BUCKET !== 0) throw new Error(`importList: item ${from} does not begin a bucket`);
  const stored = items.map((item, i) => ({ ...item, _id: itemKey(list, from + i), list, n: from + i }) as T);
  if (stored.length === 0) return stored;
  try {
    await model.collection.insertMany(stored as never[], { ordered: false });
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
  }
  for (let bucket = 0; keepsBuckets(model) && bucket * BUCKET < stored.length; bucket++) {
    const items = stored.slice(bucket * BUCKET, bucket * BUCKET + BUCKET);
    await writeBucket(app, list, bucketOf(from) + bucket, items);
  }
  const head = from - 1 + stored.length;
  await raiseHead(app, list, head);
  noteHead(app, list, head);
  return stored;
}

/**
 * A migration's lists of ids, each written whole (`importList`: idempotent), its items made by `item`; `progress`
 * hears how many ids are written so far.
 */
export async function importIdLists<T extends ListItem>(
  app: StorageContext,
  model: ItemModel<T>,
  lists: Map<string, number[]>,
  item: (list: string, id: number) => Omit<T, '_id' | 'list' | 'n'>,
  progress: (written: number) => void,
): Promise<void> {
  let written = 0;
  for (const [list, ids] of lists) {
    await importList(
      app,
      model,
      list,
      ids.map((id) => item(list, id)),
    );
    written += ids.length;
    progress(written);
  }
}

/** Adds `id` to the list `list` of `lists`, in order. */
export function listId(lists: Map<string, number[]>, list: string, id: number): void {
  const ids = lists.get(list);
  if (ids) ids.push(id);
  else lists.set(list, [id]);
}

/** One write per bucket, no read: each bucket gains its items (readers put a bucket's items in order and complete it). */
async function addToBuckets<T extends ListItem>(app: StorageContext, items: T[]): Promise<void> {
  const byBucket = new Map<string, mongo.Binary[]>();
  for (const item of items) {
    const key = bucketKey(item.list, bucketOf(item.n));
    byBucket.set(key, [...(byBucket.get(key) ?? []), packItem(item)]);
  }
  await Promise.all(
    [...byBucket].map(async ([key, packed]) => {
      try {
        await updateDocument(
          storageModels(app).ListBucket,
          key,
          { $push: { items: { $each: packed } } },
          { upsert: true },
        );
      } catch (error) {
        // Two first pushes racing on the upsert: the bucket lacks these items, which its readers complete by key.
        if (!isDuplicateKey(error)) throw error;
      }
    }),
  );
}

/** Reads a bucket's items by key and writes them as the bucket; answers what it wrote. */
async function rebuildBucket<T extends ListItem>(
  app: StorageContext,
  model: ItemModel<T>,
  list: string,
  bucket: number,
): Promise<T[]> {
  const items = await readByKey(model, list, bucket * BUCKET + 1, bucket * BUCKET + BUCKET);
  await writeBucket(app, list, bucket, items);
  return items;
}

const rebuildInBackground = <T extends ListItem>(
  app: StorageContext,
  model: ItemModel<T>,
  list: string,
  bucket: number,
) => rebuildBucket(app, model, list, bucket).catch((err) => app.log.warn({ err, list }, 'bucket not rebuilt'));

const numbersFrom = (from: number, to: number) =>
  Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);

/** Items from..to by point reads, issued together, stopping at the first missing one. */
async function readByKey<T extends ListItem>(
  model: ItemModel<T>,
  list: string,
  from: number,
  to: number,
): Promise<T[]> {
  const found = await Promise.all(numbersFrom(from, to).map((n) => readItem(model, list, n)));
  const end = found.indexOf(null);
  return (end === -1 ? found : found.slice(0, end)) as T[];
}

/**
 * Items from..to (inclusive, clamped to 1..head) in order, read a bucket at a time. A bucket that
 * lacks items the head says exist (an append raced another, or crashed before its bucket write) is
 * completed by key, and rebuilt in the background.
 */
export async function readRange<T extends ListItem>(
  app: StorageContext,
  model: ItemModel<T>,
  list: string,
  from: number,
  to: number,
  head?: number,
): Promise<T[]> {
  const last = Math.min(to, head ?? (await headOf(app, model, list)));
  const first = Math.max(1, from);
  if (last < first) return [];
  if (!keepsBuckets(model)) return readByKey(model, list, first, last);
  const buckets = Array.from({ length: bucketOf(last) - bucketOf(first) + 1 }, (_, i) => bucketOf(first) + i);
  const pages = await Promise.all(
    buckets.map(async (bucket) => {
      const start = bucket * BUCKET + 1;
      const end = Math.min(start + BUCKET - 1, last);
      const stored = await readBucket<T>(app, list, bucket);
      // By number: a bucket may hold its items out of order, or (a push lost to a race) not all of them.
      const found = new Map(stored.map((item) => [item.n, item]));
      const missing = numbersFrom(start, end).filter((n) => !found.has(n));
      // One lacking items is rebuilt; the read does not wait for that.
      if (missing.length > 0) void rebuildInBackground(app, model, list, bucket);
      if (missing.length === 0) return numbersFrom(start, end).map((n) => found.get(n) as T);
      const read = await Promise.all(missing.map((n) => readItem(model, list, n)));
      for (const item of read) if (item) found.set(item.n, item);
      // Up to the first number still missing: items are gap-free, so nothing after it is there either.
      const page: T[] = [];
      for (const n of numbersFrom(start, end)) {
        const item = found.get(n);
        if (!item) break;
        page.push(item);
      }
      return page;
    }),
  );
  return pages.flat().filter((item) => item.n >= first && item.n <= last);
}

/**
 * The head of `list` and the items from..to that `range(head)` names, as `readRange` reads them: in one round trip
 * when this process has seen the list's head and the range is the same at the true one (nothing appended, or only
 * past it), since the head's probe and the buckets of the range at the seen head are read at once; else the range is
 * read again once the head is known. A page from a list's head or start (a box, a thread's replies) waited for the
 * probe, then for its buckets (issue #26).
 */
export async function readAtHead<T extends ListItem>(
  app: StorageContext,
  model: ItemModel<T>,
  list: string,
  range: (head: number) => readonly [number, number],
): Promise<{ head: number; items: T[] }> {
  const seen = seenHeadsOf(app).get(list);
  const clamped = (head: number) => {
    const [from, to] = range(head);
    return [Math.max(1, from), Math.min(to, head)] as const;
  };
  const guess = seen === undefined ? null : clamped(seen);
  const [head, early] = await Promise.all([
    headOf(app, model, list),
    guess && readRange(app, model, list, guess[0], guess[1], seen),
  ]);
  const [from, to] = clamped(head);
  const same = guess !== null && guess[0] === from && guess[1] === to;
  return { head, items: same && early ? early : await readRange(app, model, list, from, to, head) };
}

/**
 * The newest items for which `recent` holds, oldest first: read back from the head a bucket at a time, stopping at
 * the first bucket that holds an item for which it does not (a list written in time order, asked "since when").
 */
export async function readNewest<T extends ListItem>(
  app: StorageContext,
  model: ItemModel<T>,
  list: string,
  recent: (item: T) => boolean,
): Promise<T[]> {
  const head = await headOf(app, model, list);
  const newest: T[] = [];
  for (let to = head; to >= 1; ) {
    const from = bucketOf(to) * BUCKET + 1;
    const items = await readRange(app, model, list, from, to, head);
    const kept = items.filter(recent);
    newest.unshift(...kept);
    if (kept.length < items.length) break;
    to = from - 1;
  }
  return newest;
}

/**
 * Per app (`memoryOf`), the lists `readGrown` has read whole: their items up to the head then. Past this many lists the
 * memory starts over; a forgotten list is read whole once more.
 */
const grownLists = new WeakMap<object, Map<string, ListItem[]>>();
const GROWN_LISTS_MAX = 5_000;

/**
 * Every item of a list whose items never change once written (a thread's repliers, the members who want reply mail):
 * what this process read of it before, and then only the items appended since, by any process. One probe of the head
 * when nothing is new, where a whole read decoded every bucket of a busy thread's repliers on each of its replies.
 */
export async function readGrown<T extends ListItem>(
  app: StorageContext,
  model: ItemModel<T>,
  list: string,
): Promise<readonly T[]> {
  const held = memoryIn(grownLists, app);
  const name = lineName(model as unknown as ItemModel<ListItem>, list);
  const head = await headOf(app, model, list);
  const known = (held.get(name) ?? []) as T[];
  if (known.length === head) return known;
  const grown = [...known, ...(await readRange(app, model, list, known.length + 1, head, head))];
  keepFurthest(held, name, grown as ListItem[], (items) => items.length, GROWN_LISTS_MAX);
  return grown;
}

/**
 * A list read as it grows gains what this process appended, as stored: the next `readGrown` here reads only what
 * other processes appended (a busy thread's repliers, joining twenty at a time, were each read back after their join).
 */
function extendGrown(app: StorageContext, name: string, stored: ListItem[]): void {
  const held = memoryIn(grownLists, app);
  const known = held.get(name);
  if (known && known.length === (stored[0] as ListItem).n - 1) held.set(name, [...known, ...stored]);
}

/** What this process remembers of a list's items, dropped when they change or go. */
function forgetLine<T extends ListItem>(app: StorageContext, model: ItemModel<T>, list: string): void {
  const name = lineName(model as unknown as ItemModel<ListItem>, list);
  lastItemsOf(app).delete(name);
  memoryIn(grownLists, app).delete(name);
}

/** A bucket whose item changed, until the rebuild is verified: a crash leaves it for the start-up sweep. */
interface BucketRepair {
  list: string;
  bucket: number;
  model: string;
}
const bucketRepair = intent<BucketRepair>('bucket-repair', async (app, { list, bucket, model }) => {
  const items = app.mongo.models[model] as unknown as ItemModel<ListItem> | undefined;
  if (items && !(await repairBucket(app, items, list, bucket)))
    throw new Error(`bucket ${list}#${bucket} still changing`);
});

/**
 * Changes one item (a message read, a reply removed) and then its bucket, if its list keeps them. An intent names the
 * bucket until it is verified: the rebuild reads the items after writing and goes again if any changed meanwhile, so
 * the last rebuild always sees the last change; a crash leaves the intent for the start-up sweep. Rewrites of one
 * bucket share its intent.
 */
export async function rewriteItem<T extends ListItem>(
  app: StorageContext,
  model: ItemModel<T>,
  list: string,
  n: number,
  update: Partial<Omit<T, '_id' | 'list' | 'n'>>,
): Promise<void> {
  const bucket = bucketOf(n);
  const bucketed = keepsBuckets(model);
  forgetLine(app, model, list);
  if (bucketed) await bucketRepair.begin(app, bucketKey(list, bucket), { list, bucket, model: model.modelName });
  await model.collection.updateOne({ _id: itemKey(list, n) } as never, { $set: update } as never);
  if (!bucketed) return;
  if (await repairBucket(app, model, list, bucket)) await bucketRepair.done(app, bucketKey(list, bucket));
  // Still changing under us: the intent stays, and the next rewrite or start-up finishes it.
}

/** Rebuilds the bucket until a read after the write sees what it wrote; false when it kept changing. */
async function repairBucket<T extends ListItem>(
  app: StorageContext,
  model: ItemModel<T>,
  list: string,
  bucket: number,
): Promise<boolean> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const written = await rebuildBucket(app, model, list, bucket);
    const now = await readByKey(model, list, bucket * BUCKET + 1, bucket * BUCKET + BUCKET);
    if (JSON.stringify(now) === JSON.stringify(written)) return true;
  }
  return false;
}

/**
 * Deletes a whole list, items and buckets, by key, for an owner deleted for good (nothing appends to
 * it again: its head hints stay, and an append would follow them past the deleted numbers).
 */
export async function deleteList<T extends ListItem>(app: StorageContext, model: ItemModel<T>, list: string) {
  forgetLine(app, model, list);
  const head = await headOf(app, model, list);
  const numbers = Array.from({ length: head }, (_, i) => i + 1);
  await deleteByIds(
    model.collection,
    numbers.map((n) => itemKey(list, n)),
  );
  const buckets = numbers.filter((n) => (n - 1) % BUCKET === 0).map((n) => bucketKey(list, bucketOf(n)));
  await deleteByIds(storageModels(app).ListBucket.collection, buckets);
}

/** Per app (`memoryOf`) and list, answers `firstSince` gave: (since, first item at or after it), a few kept. */
const answersSince = new WeakMap<object, Map<string, { since: number; n: number }[]>>();
const ANSWERS_KEPT = 8;

/**
 * The number of the first item at or after `since` (head + 1 when none is), in a list written in time
 * order: point reads, galloping forward from the best answer this process gave before (an earlier
 * `since` bounds a later one's answer from below), then a binary search. The console asks again with
 * a later `since` every few seconds, so this is usually a handful of reads, not a search of the list.
 */
export async function firstSince<T extends ListItem & { createdAt: Date }>(
  app: StorageContext,
  model: ItemModel<T>,
  list: string,
  since: Date,
  head: number,
): Promise<number> {
  const lists = memoryIn(answersSince, app);
  const answers = lists.get(list) ?? [];
  const isAfter = async (n: number) => ((await readItem(model, list, n))?.createdAt ?? since) >= since;
  // Items low.. are candidates; the first item at or after `since` is in low..high (high = head + 1: none).
  let low = Math.max(1, ...answers.filter((answer) => answer.since <= since.getTime()).map((answer) => answer.n));
  let high = head + 1;
  for (let step = 1; low < high; step *= 2) {
    const probe = Math.min(low + step - 1, high - 1);
    if (await isAfter(probe)) {
      high = probe;
      break;
    }
    low = probe + 1;
  }
  while (low < high) {
    const mid = Math.floor((low + high) / 2);
    if (await isAfter(mid)) high = mid;
    else low = mid + 1;
  }
  lists.set(list, [...answers.slice(-(ANSWERS_KEPT - 1)), { since: since.getTime(), n: low }]);
  return low;
}

/**
 * Deletes items from..to (inclusive) of a list that is only read after `to` (a journal whose start is kept in a
 * snapshot), by key, its buckets with them. The head hint is raised to `to` first, so no probe starts below the
 * deleted items (a probe stops at the first missing one) and no append reuses their numbers.
 */
export async function trimList<T extends ListItem>(
  app: StorageContext,
  model: ItemModel<T>,
  list: string,
  from: number,
  to: number,
): Promise<void> {
  if (to < Math.max(1, from)) return;
  await raiseHead(app, list, to);
  const numbers = numbersFrom(Math.max(1, from), to);
  await deleteByIds(
    model.collection,
    numbers.map((n) => itemKey(list, n)),
  );
  const whole = numbers.filter((n) => (n - 1) % BUCKET === 0 && n + BUCKET - 1 <= to);
  await deleteByIds(
    storageModels(app).ListBucket.collection,
    whole.map((n) => bucketKey(list, bucketOf(n))),
  );
}
