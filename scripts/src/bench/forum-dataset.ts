import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { plainTextAsHtml } from '@enclave/server/formatting/plain-text.ts';
import { followingOf, participantsOf } from '@enclave/server/notifications/notification-model.ts';
import { participantMarker } from '@enclave/server/notifications/participants.ts';
import { reactedMessagesMigration } from '@enclave/server/reactions/reacted-messages.ts';
import { REPLY_IDS, type ReplyRefRecord, repliesList } from '@enclave/server/replies/reply-model.ts';
import { reportListsMigration } from '@enclave/server/reports/report-lists.ts';
import { importList, internalId, markMigrated } from '@enclave/server/storage/index.ts';
import {
  ADMIN,
  authorOf,
  CATEGORIES,
  type Dataset,
  type DatasetSize,
  datasetOf,
  GROUP_BUY_THREAD,
  inChunks,
  isPremiumThread,
  isPrivateThread,
  pushTo,
  READER,
  REPORTS,
} from './dataset.ts';
import { writeMessages } from './message-dataset.ts';
import { openStorage, type Storage } from './storage.ts';
import { planWallets, writeWallets } from './wallet-dataset.ts';

/**
 * Writes a dataset in the storage layout the app writes today, through the server's own models and keyed-list
 * writer (`importList`), so the app's first start on it converts nothing: it builds its indexes and loads its read
 * models. The big collections go a chunk or a list at a time.
 */
export async function writeDataset(uri: string, size: DatasetSize): Promise<void> {
  const storage = await openStorage(uri);
  try {
    const data = datasetOf(size);
    const wallets = planWallets(data);
    const { models } = storage;
    await models.Category.insertMany(
      Array.from({ length: CATEGORIES }, (_, i) => ({
        _id: internalId(i + 1),
        id: i + 1,
        name: `Category ${i + 1}`,
        description: `Benchmark category ${i + 1}`,
        icon: 'chat',
        color: '#3366cc',
      })),
    );
    await inChunks(
      size.members,
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
      (docs) => models.User.insertMany(docs),
    );
    // Every member has looked for the replies written so far: none is caught up on (their notifications start empty).
    await inChunks(
      size.members,
      (i) => ({ _id: String(i + 1), at: data.now }),
      (marks) => models.CatchUpMark.insertMany(marks),
    );
    await writeThreads(storage, data);
    await writeMessages(storage, data);
    await models.Report.insertMany(
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
          createdAt: data.now,
        };
      }),
    );
    // Every report is open and no message has a reaction: the lists are empty, as the conversions would leave them.
    await markMigrated(storage.app, [reportListsMigration.name, reactedMessagesMigration.name]);
    await writeWallets(storage, wallets);
  } finally {
    await storage.close();
  }
}

/** Reply ids written a part at a time: a multiple of a bucket (50), so each part begins one. */
const REFS_PER_PART = 50_000;

function threadOf(data: Dataset, id: number) {
  const replies = data.repliesOf(id);
  const createdAt = data.threadCreatedAt(id);
  const thread = {
    _id: internalId(id),
    id,
    title: `Benchmark thread ${id}`,
    content: `Opening post of thread ${id}. `.repeat(8),
    cooked: plainTextAsHtml(`Opening post of thread ${id}. `.repeat(8)),
    mentions: [],
    authorId: authorOf(id, data.size),
    categoryId: ((id - 1) % CATEGORIES) + 1,
    tags: ['bench'],
    isApproved: true,
    approvedBy: ADMIN,
    approvedAt: createdAt,
    createdAt,
    updatedAt: createdAt,
    // The forum's list hints, as its replies leave them.
    replyCount: replies.length,
    lastReplyAt: replies.at(-1)?.createdAt ?? null,
    ...(isPremiumThread(id) && { isPremium: true, premiumCost: 5 }),
    ...(isPrivateThread(id) && { isPrivate: true, allowedUserIds: id % 100 === 25 ? [READER] : [] }),
    // No deadline: the group buy stays open however long the run takes.
    ...(id === GROUP_BUY_THREAD && {
      title: 'Benchmark group buy',
      isGroupBuy: true,
      groupBuyParticipantsRequired: 1000,
      groupBuyContributionAmount: 1,
      groupBuyContent: 'Benchmark reward',
    }),
  };
  return { thread, replies };
}

/**
 * Threads with their reply hints; each thread's replies as its keyed list, and its repliers as its participants
 * list (in the order they first replied) with their markers; every reply id's entry in `reply-ids`; and each
 * replier's `following` list, from the moment of writing (the replies before were told).
 */
async function writeThreads(storage: Storage, data: Dataset): Promise<void> {
  const { app, models, lists } = storage;
  const following = new Map<number, number[]>();
  await inChunks(
    data.size.threads,
    (i) => threadOf(data, i + 1),
    async (threads) => {
      await models.Thread.insertMany(threads.map(({ thread }) => thread));
      const markers: { _id: string; createdAt: Date }[] = [];
      await Promise.all(
        threads.map(({ thread, replies }) => {
          const repliers = [...new Set(replies.map((reply) => reply.authorId))];
          for (const memberId of repliers) {
            markers.push({ _id: participantMarker(thread.id, memberId), createdAt: data.now });
            pushTo(following, memberId, thread.id);
          }
          const posts = replies.map(({ number: _, ...reply }) => ({
            ...reply,
            updatedAt: reply.createdAt,
            removedAt: null,
          }));
          const members = repliers.map((memberId) => ({ memberId }));
          return Promise.all([
            lists.add(() => importList(app, models.Reply, repliesList(thread.id), posts)),
            lists.add(() => importList(app, models.NotificationMember, participantsOf(thread.id), members)),
          ]);
        }),
      );
      if (markers.length > 0) await models.NotificationMarker.insertMany(markers);
    },
  );
  // One list of every reply id (its thread and number), the longest: written a part at a time (held whole, it was
  // some 300 MB at L and would be 1.5 GB at XL). Every other list is a thread's or a member's.
  let from = 1;
  await inChunks(
    data.size.replies,
    (i) => {
      const { threadId, number, createdAt } = data.reply(i);
      return { threadId, number, createdAt };
    },
    async (refs) => {
      await importList<ReplyRefRecord>(app, models.ReplyRef, REPLY_IDS, refs, from);
      from += refs.length;
    },
    REFS_PER_PART,
  );
  const since = data.now;
  await Promise.all(
    [...following].map(([memberId, threads]) =>
      lists.add(() =>
        importList(
          app,
          models.FollowedThread,
          followingOf(memberId),
          threads.map((threadId) => ({ threadId, since })),
        ),
      ),
    ),
  );
}

/**
 * `writeDataset` in a process of its own: the members bench then measures a server whose heap holds what it loaded,
 * not what writing a million replies left behind (XL's reads were no faster for it in the run of 2026-11-28 23:05).
 */
export function writeDatasetApart(uri: string, size: DatasetSize): Promise<void> {
  const child = fork(fileURLToPath(import.meta.url), ['--write-dataset'], { execArgv: ['--import', 'tsx'] });
  return new Promise((resolve, reject) => {
    child.once('message', (error: string | null) => (error === null ? resolve() : reject(new Error(error))));
    child.once('exit', (code) => reject(new Error(`dataset writer exited with ${code}`)));
    child.send({ uri, size });
  });
}

if (process.argv.includes('--write-dataset')) {
  process.once('message', ({ uri, size }: { uri: string; size: DatasetSize }) => {
    writeDataset(uri, size).then(
      () => process.send?.(null, () => process.exit(0)),
      (error: unknown) => process.send?.(String(error), () => process.exit(1)),
    );
  });
}
