import { type BoxItem, inboxOf, sentOf } from '@enclave/server/private-messages/message-model.ts';
import { type SettledEntry, settledOf } from '@enclave/server/private-messages/unread.ts';
import { importList, internalId } from '@enclave/server/storage/index.ts';
import { type Dataset, inChunks, pushTo } from './dataset.ts';
import type { Storage } from './storage.ts';

/** Members whose boxes are made in one pass over the messages: at L, some 25,000 box items held at once. */
const MEMBERS_PER_PASS = 1000;

type Box = Omit<BoxItem, '_id' | 'list' | 'n'>;

const boxItem = (message: ReturnType<Dataset['message']>): Box => ({
  ...message,
  hasAttachment: false,
  attachmentType: null,
  attachmentData: null,
  removedAt: null,
});

/**
 * Private messages as the app writes them: each message under its id, a copy in the recipient's inbox and the
 * sender's sent box (keyed lists, numbered in id order), its locator (where it sits in both), and, for a read one,
 * its settlement and its entry in the recipient's `settled` list (unread = inbox head - settled head).
 */
export async function writeMessages(storage: Storage, data: Dataset): Promise<void> {
  const { app, models, lists } = storage;
  const { size } = data;
  // Where each message lands in its two boxes: the boxes are numbered in id order.
  const heads = new Map<string, number>();
  const next = (list: string) => {
    const n = (heads.get(list) ?? 0) + 1;
    heads.set(list, n);
    return n;
  };
  await inChunks(size.messages, data.message, async (messages) => {
    await models.PrivateMessage.insertMany(
      messages.map(({ isRead, readAt, ...message }) => ({
        ...message,
        _id: internalId(message.id),
        hasAttachment: false,
        attachmentType: null,
        attachmentData: null,
        removedAt: null,
      })),
    );
    await models.MessageLocator.insertMany(
      messages.map((message) => ({
        _id: String(message.id),
        inboxN: next(inboxOf(message.recipientId)),
        sentN: next(sentOf(message.senderId)),
      })),
    );
    const read = messages.filter((message) => message.isRead);
    if (read.length > 0)
      await models.MessageSettlement.insertMany(
        read.map((message) => ({ _id: String(message.id), readAt: message.readAt, removedAt: null })),
      );
  });
  for (let first = 1; first <= size.members; first += MEMBERS_PER_PASS) {
    const last = Math.min(size.members, first + MEMBERS_PER_PASS - 1);
    const boxes = new Map<string, Box[]>();
    const settled = new Map<number, Omit<SettledEntry, '_id' | 'list' | 'n'>[]>();
    const inPass = (member: number) => member >= first && member <= last;
    for (let i = 0; i < size.messages; i++) {
      const message = data.message(i);
      if (inPass(message.recipientId)) {
        pushTo(boxes, inboxOf(message.recipientId), boxItem(message));
        if (message.isRead) pushTo(settled, message.recipientId, { messageId: message.id });
      }
      if (inPass(message.senderId)) pushTo(boxes, sentOf(message.senderId), boxItem(message));
    }
    await Promise.all([
      ...[...boxes].map(([list, items]) => lists.add(() => importList(app, models.MessageBoxItem, list, items))),
      ...[...settled].map(([member, entries]) =>
        lists.add(() => importList(app, models.SettledEntry, settledOf(member), entries)),
      ),
    ]);
  }
}
