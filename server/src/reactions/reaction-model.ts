import type { ReactionKind, ReactionTarget } from '@enclave/protocol';
import { Schema } from 'mongoose';
import { itemsReadByKey, type ListItem, listItemFields } from '../storage/index.ts';

/**
 * One change of one member's reaction: item n of its list (`_id` `{list}:{n}`), under the unique `_id` like every
 * keyed list, so concurrent changes get distinct, gap-free numbers on every backend and none is lost. A thread and
 * its replies share the list `reactions:t{threadId}` (the thread page folds one list), a message has its own
 * `reactions:m{messageId}`. The state is the fold of the list in order (docs/reactions.md): no count is kept.
 */
export interface ReactionChange extends ListItem {
  target: ReactionTarget;
  targetId: number;
  memberId: number;
  kind: ReactionKind;
  /** Added (true) or removed (false). */
  on: boolean;
  at: Date;
}

/** Read by key (a cold fold reads a range in one command); no buckets: changes are written more than read cold. */
export const reactionChangeSchema = itemsReadByKey(
  new Schema<ReactionChange>(
    {
      ...listItemFields,
      target: { type: String, required: true },
      targetId: { type: Number, required: true },
      memberId: { type: Number, required: true },
      kind: { type: String, required: true },
      on: { type: Boolean, required: true },
      at: { type: Date, required: true },
    },
    { id: false, versionKey: false },
  ),
);

/**
 * A message of the member's boxes that has had a reaction: item n of `reacted:{memberId}`, written for both its
 * members before its first change. A page of the boxes folds only those messages' lists, where it probed the head of
 * every message's list on the page (a hundred point reads for messages nobody reacted to).
 */
export interface ReactedMessage extends ListItem {
  messageId: number;
}

export const reactedListOf = (memberId: number) => `reacted:${memberId}`;

export const reactedMessageSchema = itemsReadByKey(
  new Schema<ReactedMessage>(
    { ...listItemFields, messageId: { type: Number, required: true } },
    { id: false, versionKey: false },
  ),
);
