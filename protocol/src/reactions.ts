import Type from 'typebox';
import { Id, Nullable } from './common.ts';
import { route } from './contract.ts';
import { endpoints } from './endpoints.ts';

// The plain values live apart from the schemas (as wallet-values.ts does): the replies list and the reaction bar are
// first screens, and a module that builds a TypeBox schema as it loads brought TypeBox into their JS (issue #14).
import {
  REACTION_KINDS,
  REACTION_LIMITS,
  REACTION_TARGETS,
  type ReactionKind,
  type ReactionTarget,
} from './reaction-values.ts';

export * from './reaction-values.ts';

export const ReactionKindSchema = Type.Enum([...REACTION_KINDS]);
export const ReactionTargetSchema = Type.Enum([...REACTION_TARGETS]);

/** Counts by kind (a kind nobody chose is absent) and the viewer's own kinds (empty for a visitor). */
export const ReactionSummary = Type.Object({
  counts: Type.Record(Type.String(), Type.Integer({ minimum: 1 })),
  mine: Type.Array(ReactionKindSchema),
});
export type ReactionSummary = Omit<Type.Static<typeof ReactionSummary>, 'counts'> & {
  counts: Partial<Record<ReactionKind, number>>;
};

export const ReactionParams = Type.Object({ target: ReactionTargetSchema, id: Id, kind: ReactionKindSchema });
export type ReactionParams = Type.Static<typeof ReactionParams>;

export const ReactorsQuery = Type.Object({
  /** The next page: reactors after this position (a page's `nextCursor`); positions count in the order they reacted. */
  after: Type.Optional(Type.Integer({ minimum: 0 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: REACTION_LIMITS.whoPageMax })),
});
export type ReactorsQuery = Type.Static<typeof ReactorsQuery>;

export const Reactor = Type.Object({ id: Id, username: Type.String(), profilePicture: Nullable(Type.String()) });
export type Reactor = Type.Static<typeof Reactor>;

/** Who reacted with one kind, oldest first: named members of the page, and how many of it hid their profile. */
export const Reactors = Type.Object({
  members: Type.Array(Reactor),
  /** Reactors on this page who hid their profile (or whose account is gone): counted, not named. */
  hidden: Type.Integer({ minimum: 0 }),
  total: Type.Integer({ minimum: 0 }),
  nextCursor: Nullable(Type.Integer({ minimum: 0 })),
});
export type Reactors = Type.Static<typeof Reactors>;

/** The live event's payload: counts only (no viewer's `mine`, no names). `version` orders a target's changes. */
export interface ReactionChanged {
  target: ReactionTarget;
  id: number;
  /** The thread a thread's or reply's reactions belong to (its room's); null for a message. */
  threadId: number | null;
  counts: Partial<Record<ReactionKind, number>>;
  version: number;
}

export const reactionRoutes = {
  react: route({
    ...endpoints.react,
    summary: 'Add my reaction (idempotent): members who may read the target, not muted; 30 a minute',
    params: ReactionParams,
    response: { 200: ReactionSummary },
  }),
  unreact: route({
    ...endpoints.unreact,
    summary: 'Remove my reaction (idempotent)',
    params: ReactionParams,
    response: { 200: ReactionSummary },
  }),
  reactors: route({
    ...endpoints.reactors,
    summary: 'Who reacted with one kind: names, hidden profiles counted; for a message only its two members',
    params: ReactionParams,
    querystring: ReactorsQuery,
    response: { 200: Reactors },
  }),
};
