import { MESSAGE_TEXT, type SendMessageBody } from '@enclave/protocol';
import { badRequest } from '../errors.ts';
import type { Database } from '../storage/index.ts';
import { visibleThreads } from '../threads/service.ts';
import type { UserRecord } from '../users/user-model.ts';
import type { MessageRecord } from './message-model.ts';

type Attachment = Pick<MessageRecord, 'hasAttachment' | 'attachmentType' | 'attachmentData'>;

const NO_ATTACHMENT: Attachment = { hasAttachment: false, attachmentType: null, attachmentData: null };

/** A link only by a real http(s) URL (parsed, not prefix-matched), so no javascript: or data: link is ever stored. */
function isWebUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** The checked attachment of a message to `recipient`: a web link, or an invite to a thread they can see. */
export async function attachmentOf(app: Database, recipient: UserRecord, body: SendMessageBody): Promise<Attachment> {
  const data = body.attachmentData?.trim() ?? '';
  const hasAttachment = body.hasAttachment ?? body.attachmentType !== undefined;
  if (!hasAttachment) {
    if (body.attachmentType !== undefined || data !== '') throw badRequest(MESSAGE_TEXT.attachmentWithoutFlag);
    return NO_ATTACHMENT;
  }
  if (body.attachmentType === undefined) throw badRequest(MESSAGE_TEXT.attachmentTypeRequired);
  if (data === '') throw badRequest(MESSAGE_TEXT.attachmentDataRequired);
  if (body.attachmentType === 'link') {
    if (!isWebUrl(data)) throw badRequest(MESSAGE_TEXT.linkInvalid);
    return { hasAttachment: true, attachmentType: 'link', attachmentData: data };
  }
  // One answer for a missing thread and a hidden one, so an invite never reveals a private thread.
  const threadId = /^[1-9][0-9]{0,15}$/.test(data) ? Number(data) : Number.NaN;
  if (!Number.isSafeInteger(threadId) || (await visibleThreads(app, recipient, [threadId])).length === 0) {
    throw badRequest(MESSAGE_TEXT.inviteInvalid);
  }
  return { hasAttachment: true, attachmentType: 'invite', attachmentData: String(threadId) };
}
