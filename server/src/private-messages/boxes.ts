import type { MessageBox } from '@enclave/protocol';
import {
  append,
  type Database,
  findByNumericId,
  insertDocument,
  insertWithId,
  readAtHead,
  readById,
  readItem,
  readRange,
  rewriteItem,
  type StorageContext,
} from '../storage/index.ts';
import {
  type BoxItem,
  inboxOf,
  type LocatedMessage,
  type MessageLocator,
  type MessageRecord,
  sentOf,
} from './message-model.ts';
import { messageModels } from './models.ts';
import { unreadCountOf } from './unread.ts';

export type NewMessage = Omit<MessageRecord, 'id' | 'removedAt'>;

const listOf = (box: MessageBox, memberId: number) => (box === 'inbox' ? inboxOf(memberId) : sentOf(memberId));

/**
 * Stores a message: the document under its id, then an item at the head of the recipient's inbox and
 * of the sender's sent box (numbered gap-free, race-safe across processes), then its locator so that
 * a read by id finds both items. Answers the inbox item and the recipient's unread count.
 */
export async function storeMessage(
  app: StorageContext,
  message: NewMessage,
): Promise<{ item: BoxItem; unreadCount: number }> {
  const stored = await insertWithId(messageModels(app).PrivateMessage, { ...message, removedAt: null } as Omit<
    MessageRecord,
    'id'
  >);
  const item = {
    ...message,
    attachmentType: message.attachmentType ?? null,
    attachmentData: message.attachmentData ?? null,
    id: stored.id,
    isRead: false,
    readAt: null,
    removedAt: null,
  };
  const Box = messageModels(app).MessageBoxItem;
  const [inbox, sent] = await Promise.all([
    append(app, Box, inboxOf(message.recipientId), () => item, { answerOnceStored: true }),
    append(app, Box, sentOf(message.senderId), () => item, { answerOnceStored: true }),
  ]);
  const [, unreadCount] = await Promise.all([
    insertDocument(messageModels(app).MessageLocator, { _id: String(stored.id), inboxN: inbox.n, sentN: sent.n }),
    unreadCountOf(app, message.recipientId),
  ]);
  return { item: inbox, unreadCount };
}

/** The stored `_id` of a message (derived from its id, or older: see findByNumericId), to write it by key. */
export const documentKey = (message: MessageRecord) => (message as unknown as { _id: unknown })._id;

/** The message with this id and where it sits, unless staff removed it: two point reads at once. */
export async function findMessage(app: Database, id: number): Promise<LocatedMessage | null> {
  const [message, locator] = await Promise.all([
    findByNumericId(messageModels(app).PrivateMessage, id),
    Number.isSafeInteger(id) ? readById<MessageLocator>(messageModels(app).MessageLocator, String(id)) : null,
  ]);
  if (!message || !locator || message.removedAt) return null;
  return { ...message, inboxN: locator.inboxN, sentN: locator.sentN };
}

/** The recipient's item of a message (the one the read state is decided on). */
export function inboxItemOf(app: Database, message: LocatedMessage): Promise<BoxItem | null> {
  return readItem(messageModels(app).MessageBoxItem, inboxOf(message.recipientId), message.inboxN);
}

/** Changes a message's item in both boxes (a read, a removal), each with its bucket. */
export async function rewriteMessage(
  app: StorageContext,
  message: LocatedMessage,
  change: Partial<Pick<BoxItem, 'isRead' | 'readAt' | 'removedAt'>>,
): Promise<void> {
  const Box = messageModels(app).MessageBoxItem;
  await Promise.all([
    rewriteItem(app, Box, inboxOf(message.recipientId), message.inboxN, change),
    rewriteItem(app, Box, sentOf(message.senderId), message.sentN, change),
  ]);
}

export interface BoxPage {
  items: BoxItem[];
  /** The `before` of the next, older page: the number of this page's last item; null when none is older. */
  next: number | null;
}

/**
 * A page of one box, newest first: the `limit` items numbered below `before` (or the newest), read a
 * bucket at a time. Removed messages are skipped, reading further back only when some were on the page.
 */
export async function readBox(
  app: StorageContext,
  box: MessageBox,
  memberId: number,
  limit: number,
  before?: number,
): Promise<BoxPage> {
  const list = listOf(box, memberId);
  const Box = messageModels(app).MessageBoxItem;
  const kept = (items: BoxItem[]) => items.filter((item) => !item.removedAt).reverse();
  // One more than the page says whether an older page exists.
  const newest = (head: number) => Math.min(head, (before ?? head + 1) - 1);
  const first = await readAtHead(app, Box, list, (head) => [newest(head) - limit, newest(head)]);
  const shown = kept(first.items);
  let to = Math.max(1, newest(first.head) - limit) - 1;
  while (shown.length <= limit && to >= 1) {
    const from = Math.max(1, to - (limit + 1 - shown.length) + 1);
    shown.push(...kept(await readRange(app, Box, list, from, to, first.head)));
    to = from - 1;
  }
  const items = shown.slice(0, limit);
  return { items, next: shown.length > limit ? (items.at(-1)?.n ?? null) : null };
}
