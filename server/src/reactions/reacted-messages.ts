import { findMessage } from '../private-messages/boxes.ts';
import { append, importIdLists, listId, type Migration, readGrown, type StorageContext } from '../storage/index.ts';
import { reactionModels } from './models.ts';
import { type ReactedMessage, reactedListOf } from './reaction-model.ts';

/**
 * Which messages of a member's boxes have had a reaction: a page of the boxes folds only their lists, where it probed
 * the head of every message's list on the page. Each member has a list, `reacted:{memberId}`, that only grows.
 */

/** Names the message in both its members' lists (before its first change is written). */
export async function noteReacted(app: StorageContext, messageId: number, memberIds: number[]): Promise<void> {
  await Promise.all(
    memberIds.map((member) =>
      append(app, reactionModels(app).ReactedMessage, reactedListOf(member), () => ({ messageId })),
    ),
  );
}

/** The set made of each read of a list, kept while `readGrown` answers that same read (nothing new). */
const reactedSets = new WeakMap<readonly ReactedMessage[], Set<number>>();

/** The messages of the member's boxes that have had a reaction: one probe of their list when nothing is new. */
export async function reactedMessagesOf(app: StorageContext, memberId: number): Promise<Set<number>> {
  const items = await readGrown(app, reactionModels(app).ReactedMessage, reactedListOf(memberId));
  let reacted = reactedSets.get(items);
  if (!reacted) {
    reacted = new Set(items.map((item) => item.messageId));
    reactedSets.set(items, reacted);
  }
  return reacted;
}

/**
 * The lists for reactions given before them: every message's first change (a scan, at start, once), named in its
 * two members' lists. Idempotent (`importIdLists` writes items 1..k under their keys), and the app serves only after
 * it, so nothing is appended to the lists meanwhile.
 */
export const reactedMessagesMigration: Migration = {
  name: 'reacted-messages',
  async run(app, progress) {
    const firsts = await reactionModels(app)
      .ReactionChange.find({ target: 'message', n: 1 })
      .sort({ targetId: 1 })
      .lean<{ targetId: number }[]>();
    // Asked together: the reads by key go out a few commands at once, not one round trip a message.
    const messages = await Promise.all(firsts.map(({ targetId }) => findMessage(app, targetId)));
    const lists = new Map<string, number[]>();
    for (const message of messages) {
      if (!message) continue;
      for (const member of [message.senderId, message.recipientId]) listId(lists, reactedListOf(member), message.id);
    }
    await importIdLists(
      app,
      reactionModels(app).ReactedMessage,
      lists,
      (_list, messageId) => ({ messageId }),
      (written) => progress(written, firsts.length * 2),
    );
  },
};
