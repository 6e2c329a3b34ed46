import type { ReactionSummary } from './reactions.ts';

/**
 * Reactions (issue 28): a small fixed set, one of each kind per member, on a thread, a reply (`post`) or a private
 * message. Their labels are REACTION_TEXT's (ui-texts.ts); the emoji are the kinds' faces, the same in every language.
 */
export const REACTION_KINDS = ['thumbsUp', 'heart', 'laugh', 'party', 'thinking'] as const;
export type ReactionKind = (typeof REACTION_KINDS)[number];
export const REACTION_EMOJI: Record<ReactionKind, string> = {
  thumbsUp: '👍',
  heart: '❤️',
  laugh: '😂',
  party: '🎉',
  thinking: '🤔',
};

export const REACTION_TARGETS = ['thread', 'post', 'message'] as const;
export type ReactionTarget = (typeof REACTION_TARGETS)[number];

/** Reacting: at most this many changes (adds and removals) a member per window; the 429 carries the wait. */
export const REACTION_LIMITS = { perWindow: 30, windowMs: 60_000, whoPageMax: 50 } as const;

export const NO_REACTIONS: ReactionSummary = { counts: {}, mine: [] };
