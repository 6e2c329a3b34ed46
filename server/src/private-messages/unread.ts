import { Schema } from 'mongoose';
import {
  append,
  headOf,
  isDuplicateKey,
  itemsReadByKey,
  type ListItem,
  type StorageContext,
} from '../storage/index.ts';
import { inboxOf } from './message-model.ts';
import { messageModels } from './models.ts';

/**
 * Unread counts from two heads, never from a scan or a stored counter: every received message is an
 * item of `inbox:{member}`, and every one that stopped being unread (read, or removed by staff
 * unread) is an item of `settled:{member}`, so unread = inbox head − settled head. Both are gap-free
 * keyed lists (numbers taken under the unique `_id`, race-safe across processes), and a message
 * enters `settled` at most once because only the writer of its settlement (unique `_id`: the message
 * id) appends it. FerretDB has no atomic `$inc`; a head needs none.
 */
export interface SettledEntry extends ListItem {
  messageId: number;
}

/** Only a list's head is read (it is the count): read by key. */
export const settledEntrySchema = itemsReadByKey(
  new Schema<SettledEntry>(
    { _id: String, list: String, n: Number, messageId: Number },
    { id: false, versionKey: false },
  ),
);

/**
 * How a message stopped being unread, once, under its id: the first read (its date is the read
 * receipt) or a removal while unread. A second reader or a removal finds it there and settles nothing.
 */
export const settlementSchema = new Schema(
  { _id: String, readAt: { type: Date, default: null }, removedAt: { type: Date, default: null } },
  { versionKey: false },
);

export interface Settlement {
  readAt: Date | null;
  removedAt: Date | null;
}

export const settledOf = (memberId: number) => `settled:${memberId}`;

/**
 * Settles a received message: answers the settlement that stands (this one when it is the first) and
 * whether it is. A crash between the settlement and its entry would leave the count one too high.
 */
export async function settle(
  app: StorageContext,
  message: { id: number; recipientId: number },
  how: Settlement,
): Promise<{ first: boolean; settlement: Settlement }> {
  try {
    await messageModels(app).MessageSettlement.create({ _id: String(message.id), ...how });
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
    const settlement = await messageModels(app).MessageSettlement.findById(String(message.id)).lean<Settlement>();
    return { first: false, settlement: settlement ?? how };
  }
  await append(app, messageModels(app).SettledEntry, settledOf(message.recipientId), () => ({ messageId: message.id }));
  return { first: true, settlement: how };
}

/** Received and still unread; the member's own sent messages never count. Two heads, read at once. */
export async function unreadCountOf(app: StorageContext, memberId: number): Promise<number> {
  const [received, settled] = await Promise.all([
    headOf(app, messageModels(app).MessageBoxItem, inboxOf(memberId)),
    headOf(app, messageModels(app).SettledEntry, settledOf(memberId)),
  ]);
  return Math.max(0, received - settled);
}
