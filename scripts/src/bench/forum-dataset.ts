import { internalId } from '@enclave/server/db/ids.ts';
import { registerModels } from '@enclave/server/db/models.ts';
import mongoose from 'mongoose';
import {
  ADMIN,
  authorOf,
  CATEGORIES,
  type DatasetSize,
  GROUP_BUY_THREAD,
  HOT_REPLIES,
  HOT_THREAD,
  insertInChunks,
  isPremiumThread,
  isPrivateThread,
  type Raw,
  READER,
  READER_MESSAGES,
} from './dataset.ts';
import { writeWallets } from './wallet-dataset.ts';

const REPORTS = 20;

/**
 * Writes a dataset in the storage layout of the code before keyed lists (replies, messages and the
 * ledger as plain documents, numeric ids with the `_id`s insertWithId gives), like a dev's `.data/`
 * or a restored backup, so the app's first start on it runs the migrations that convert it.
 * Collections the keyed-list work converts are written raw by today's collection names, so this
 * keeps writing the old layout after their models change.
 */
export async function writeDataset(uri: string, size: DatasetSize): Promise<void> {
  // No autoIndex: the app's first start builds its indexes on the data, as it does on an old data directory.
  const connection = await mongoose.createConnection(uri, { autoIndex: false }).asPromise();
  try {
    const db = connection.db;
    if (!db) throw new Error('no database on the connection');
    const { User, Category, Thread } = registerModels(connection);
    const hour = 3600_000;
    const start = Date.now() - (size.threads + 1) * hour;
    const at = (n: number) => new Date(start + n * hour);
    await Category.insertMany(
      Array.from({ length: CATEGORIES }, (_, i) => ({
        _id: internalId(i + 1),
        id: i + 1,
        name: `Category ${i + 1}`,
        description: `Benchmark category ${i + 1}`,
        icon: 'chat',
        color: '#3366cc',
      })),
    );
    await insertInChunks(
      size.members,
      (docs) => User.insertMany(docs),
      (i) => ({
        _id: internalId(i + 1),
        id: i + 1,
        username: `member${i + 1}`,
        usernameKey: `member${i + 1}`,
        email: `member${i + 1}@bench.local`,
        // Nobody signs in with a password here: sessions are signed directly.
        passwordHash: 'bench-no-password',
        isEmailVerified: true,
        isAdmin: i + 1 === ADMIN,
      }),
    );
    await insertInChunks(
      size.threads,
      (docs) => Thread.insertMany(docs),
      (i) => {
        const id = i + 1;
        return {
          _id: internalId(id),
          id,
          title: `Benchmark thread ${id}`,
          content: `Opening post of thread ${id}. `.repeat(8),
          authorId: authorOf(id, size),
          categoryId: (i % CATEGORIES) + 1,
          tags: ['bench'],
          isApproved: true,
          approvedBy: ADMIN,
          approvedAt: at(id),
          createdAt: at(id),
          updatedAt: at(id),
          ...(isPremiumThread(id) && { isPremium: true, premiumCost: 5 }),
          ...(isPrivateThread(id) && { isPrivate: true, allowedUserIds: id % 100 === 25 ? [READER] : [] }),
          ...(id === GROUP_BUY_THREAD && {
            title: 'Benchmark group buy',
            isGroupBuy: true,
            groupBuyParticipantsRequired: 1000,
            groupBuyContributionAmount: 1,
            groupBuyContent: 'Benchmark reward',
          }),
        };
      },
    );
    const posts = db.collection<Raw>('posts');
    await insertInChunks(
      size.replies,
      (docs) => posts.insertMany(docs),
      (i) => {
        const threadId = i < HOT_REPLIES ? HOT_THREAD : 2 + ((i - HOT_REPLIES) % (size.threads - 1));
        const createdAt = new Date(at(threadId).getTime() + i);
        return {
          _id: internalId(i + 1),
          id: i + 1,
          threadId,
          authorId: ((i * 7) % size.members) + 1,
          content: `Reply ${i + 1}: a benchmark reply of ordinary length.`,
          createdAt,
          updatedAt: createdAt,
          __v: 0,
        };
      },
    );
    const messages = db.collection<Raw>('privatemessages');
    const readerMessages = Math.min(READER_MESSAGES, size.messages);
    await insertInChunks(
      size.messages,
      (docs) => messages.insertMany(docs),
      (i) => {
        // The reader's 2,000 first, half received and half sent; then members write to each other.
        const other = 3 + (i % (size.members - 2));
        let [senderId, recipientId] =
          i < readerMessages
            ? i % 2 === 0
              ? [other, READER]
              : [READER, other]
            : [((i * 7) % size.members) + 1, ((i * 13 + 1) % size.members) + 1];
        if (senderId === recipientId) recipientId = (recipientId % size.members) + 1;
        const isRead = i % 3 !== 0;
        const createdAt = new Date(Date.now() - (size.messages - i) * 1000);
        return {
          _id: internalId(i + 1),
          id: i + 1,
          content: `Benchmark message ${i + 1}`,
          senderId,
          recipientId,
          isRead,
          readAt: isRead ? createdAt : null,
          hasAttachment: false,
          attachmentType: null,
          attachmentData: null,
          createdAt,
          __v: 0,
        };
      },
    );
    await db.collection<Raw>('reports').insertMany(
      Array.from({ length: REPORTS }, (_, i) => {
        const threadId = 3 + i;
        return {
          _id: internalId(i + 1),
          id: i + 1,
          reporterId: 10 + i,
          contentType: 'thread',
          contentId: threadId,
          threadId,
          contentAuthorId: authorOf(threadId, size),
          contentText: `Opening post of thread ${threadId}.`,
          reason: 'Benchmark report',
          status: 'open',
          openKey: `${10 + i}:thread:${threadId}`,
          resolvedBy: null,
          resolvedAt: null,
          createdAt: new Date(),
        };
      }),
    );
    await writeWallets(db, size);
  } finally {
    await connection.close();
  }
}
