import type { MemberSuggestion } from './users.ts';

/**
 * Who is here (issue 28): the readers of a thread and "typing…" in private messages. Nothing of it is stored; the
 * server works it out from the sockets in the rooms (docs/presence.md).
 */
export const PRESENCE = {
  /** Named avatars a thread's readers strip shows at most; the rest read as "+N". */
  readersShown: 5,
  /** A thread's readers are sent to its room at most once a second per server process (the last change wins). */
  readersEveryMs: 1000,
  /** A writing member's tab says "typing" at most this often while the text changes. */
  typingEveryMs: 3000,
  /** The server relays one member's typing to one recipient at most this often (a tab's extra packets are dropped). */
  typingRelayMinMs: 1000,
  /** "… is typing" goes away this long after the last packet, if no stop came. */
  typingShownMs: 6000,
} as const;

/**
 * The members reading a thread now (sockets in its room: they joined with read access), each counted once however
 * many tabs they have, and the visitors' sockets. `shown` names a few who do not hide their profile (public fields
 * only); `hidden` of the members hide it: counted, never named. `at` orders packets counted on different processes:
 * keep the newest.
 */
export interface ThreadReaders {
  threadId: number;
  members: number;
  visitors: number;
  shown: MemberSuggestion[];
  hidden: number;
  at: number;
}

/** A member writing to this member (the compose dialog addressed to them), relayed to the recipient's tabs. */
export interface TypingNotice {
  fromUserId: number;
  username: string;
}

/** From a writing tab: who the message is for, by name as the compose dialog addresses them. */
export interface TypingTo {
  toUsername: string;
}
