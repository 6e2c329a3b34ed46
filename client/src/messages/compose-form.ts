import {
  type AttachmentType,
  LIMITS,
  MESSAGE_TEXT,
  MessageContent,
  type SendMessageBody,
  VALIDATION,
} from '@enclave/protocol';
import Type from 'typebox';
import type { FieldErrors } from '../forms/use-checked-form.ts';
import type { ComposeOrigin } from '../stores/compose-store.ts';

export interface ComposeValues extends Record<string, string> {
  username: string;
  content: string;
  attachmentType: AttachmentType | 'none';
  attachmentData: string;
}

/** Spec 001 §5: the select's options are labelled 'URL' (a link) and 'Thread ID' (an invite). */
export const ATTACHMENT_OPTIONS = [
  { value: 'none', label: 'None' },
  { value: 'link', label: 'URL' },
  { value: 'invite', label: 'Thread ID' },
] as const;

export const ATTACHMENT_LABELS: Record<AttachmentType, string> = { link: 'URL', invite: 'Thread ID' };

const usernameRules: Record<ComposeOrigin, Type.TString> = {
  messages: Type.String({ minLength: LIMITS.usernameMin, errorMessage: VALIDATION.usernameMin }),
  thread: Type.String({ minLength: 1, pattern: '\\S', errorMessage: VALIDATION.usernameRequired }),
};

/** Spec 001 §5: a full username on the messages page, any non-empty one from the thread page. */
export function composeSchema(origin: ComposeOrigin) {
  return Type.Object({
    username: usernameRules[origin],
    content: MessageContent,
    attachmentType: Type.String(),
    attachmentData: Type.String({ maxLength: LIMITS.messageAttachmentMax }),
  });
}

/** The attachment rules the server applies too: data for a chosen type, an http(s) URL, a numeric thread id. */
export function attachmentErrors(values: ComposeValues): FieldErrors<keyof ComposeValues & string> {
  const data = values.attachmentData.trim();
  if (values.attachmentType === 'none') return {};
  if (data === '') return { attachmentData: MESSAGE_TEXT.attachmentDataRequired };
  if (values.attachmentType === 'link' && !/^https?:\/\/\S+$/i.test(data)) {
    return { attachmentData: MESSAGE_TEXT.linkInvalid };
  }
  if (values.attachmentType === 'invite' && !/^[1-9][0-9]*$/.test(data)) {
    return { attachmentData: MESSAGE_TEXT.inviteInvalid };
  }
  return {};
}

export function sendBodyOf(values: ComposeValues, recipientId: number): SendMessageBody {
  if (values.attachmentType === 'none') return { content: values.content, recipientId, hasAttachment: false };
  return {
    content: values.content,
    recipientId,
    hasAttachment: true,
    attachmentType: values.attachmentType,
    attachmentData: values.attachmentData.trim(),
  };
}
