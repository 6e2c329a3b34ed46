/** The id of a reply's element on its thread's page: a link to `#reply-{n}` opens the thread at that reply. */
export const replyAnchor = (replyNumber: number) => `reply-${replyNumber}`;
