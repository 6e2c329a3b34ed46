import { REPORT_EXCERPT_MAX, REPORT_TEXT, type ReportContentType } from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import { AppError, notFound } from '../errors.ts';
import { plainTextOfRecord } from '../formatting/cook.ts';
import { findMessage } from '../private-messages/boxes.ts';
import { removeMessage } from '../private-messages/service.ts';
import { removeReply, replyById } from '../replies/replies.ts';
import { holdingsOf } from '../threads/access.ts';
import { deleteThread } from '../threads/moderation.ts';
import { readableText } from '../threads/policy.ts';
import { readableThread, visibleThread } from '../threads/service.ts';
import type { UserRecord } from '../users/user-model.ts';
import { canSeeMessage } from './policy.ts';
import type { ReportRecord } from './report-model.ts';

export interface ReportedContent {
  threadId: number | null;
  authorId: number | null;
  text: string;
}

const excerpt = (text: string) =>
  text.length > REPORT_EXCERPT_MAX ? `${text.slice(0, REPORT_EXCERPT_MAX - 1)}…` : text;

/** Only what the reporter can see can be reported: anything else is a 404, as it is everywhere else. */
async function orNotFound<T>(lookup: Promise<T>, message: string): Promise<T> {
  try {
    return await lookup;
  } catch (error) {
    if (error instanceof AppError && error.statusCode < 500) throw notFound(message);
    throw error;
  }
}

export async function reportedContent(
  app: FastifyInstance,
  reporter: UserRecord,
  contentType: ReportContentType,
  contentId: number,
): Promise<ReportedContent> {
  if (contentType === 'thread') {
    const thread = await orNotFound(visibleThread(app, reporter, contentId), REPORT_TEXT.threadNotFound);
    // What the reporter could read, through the read gate: a locked premium thread is reported by its title.
    const { content } = readableText(reporter, thread, await holdingsOf(app, reporter, [thread]));
    // Staff read the words, not the markup (plain text, as previews show it).
    const text = content === null ? thread.title : `${thread.title}\n\n${plainTextOfRecord(thread)}`;
    return { threadId: thread.id, authorId: thread.authorId, text: excerpt(text) };
  }
  if (contentType === 'post') {
    const post = await replyById(app, contentId);
    if (!post || post.removedAt) throw notFound(REPORT_TEXT.postNotFound);
    await orNotFound(readableThread(app, reporter, post.threadId), REPORT_TEXT.postNotFound);
    return { threadId: post.threadId, authorId: post.authorId, text: excerpt(plainTextOfRecord(post)) };
  }
  const message = await findMessage(app, contentId);
  if (!message || !canSeeMessage(reporter, message)) throw notFound(REPORT_TEXT.messageNotFound);
  const attachment = message.hasAttachment ? `\n\n[${message.attachmentType}] ${message.attachmentData}` : '';
  return { threadId: null, authorId: message.senderId, text: excerpt(`${plainTextOfRecord(message)}${attachment}`) };
}

/**
 * Take Action removes the content for good: a thread is deleted as staff delete it (with its premium
 * sister and replies), a reply or a message becomes a tombstone that pages skip. Content already gone counts as removed.
 */
export async function removeContent(app: FastifyInstance, actor: UserRecord, report: ReportRecord): Promise<void> {
  if (report.contentType === 'thread') {
    try {
      await deleteThread(app, actor, report.contentId);
    } catch (error) {
      if (!(error instanceof AppError && error.statusCode === 404)) throw error;
    }
    return;
  }
  if (report.contentType === 'post') {
    const post = await removeReply(app, report.contentId);
    if (post) app.events.publish('reply.removed', { threadId: post.threadId, postId: post.id });
    return;
  }
  // A message becomes a tombstone both boxes skip (see removeMessage).
  const removed = await removeMessage(app, report.contentId);
  if (removed) {
    app.events.publish('message.removed', {
      messageId: removed.message.id,
      senderId: removed.message.senderId,
      recipientId: removed.message.recipientId,
      unreadCount: removed.unreadCount,
    });
  }
}
