import { create } from 'zustand';

/** Text a reply's Reply or Quote adds to the thread's reply form. */
export interface ReplyDraftRequest {
  /** Tells two requests of the same text apart (Quote pressed twice quotes twice). */
  id: number;
  threadId: number;
  text: string;
  /** A quote goes on lines of its own; a mention follows the text already there. */
  isBlock: boolean;
}

interface ReplyDraftState {
  request: ReplyDraftRequest | null;
}

/**
 * Between the replies list and the reply form (issue #28): the list's Reply and Quote leave their text here, and the
 * form (which loads its editor for it if need be) takes it, adds it to the draft, and brings the editor into view.
 */
export const useReplyDraftStore = create<ReplyDraftState>()(() => ({ request: null }));

let nextId = 1;

export function addToReply(threadId: number, text: string, isBlock: boolean) {
  useReplyDraftStore.setState({ request: { id: nextId++, threadId, text, isBlock } });
}

/** The form has added the request's text: it is done. */
export function replyRequestDone(id: number) {
  if (useReplyDraftStore.getState().request?.id === id) useReplyDraftStore.setState({ request: null });
}
