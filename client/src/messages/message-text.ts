import { MESSAGE_PREVIEW_LENGTH, type Message, type MessageBox } from '@enclave/protocol';

/** Spec 001 §9: a list row shows the first 40 characters, then an ellipsis. */
export function previewOf(content: string): string {
  return content.length > MESSAGE_PREVIEW_LENGTH ? `${content.slice(0, MESSAGE_PREVIEW_LENGTH)}...` : content;
}

/** The other member of the conversation: the sender of a received message, the recipient of a sent one. */
export function counterpartOf(message: Message, box: MessageBox): string {
  return box === 'inbox' ? message._senderUsername : message._recipientUsername;
}

/** Spec 001 §5: Open Link only works when the link starts with http. */
export function isOpenableLink(data: string | null): data is string {
  return Boolean(data?.startsWith('http'));
}
