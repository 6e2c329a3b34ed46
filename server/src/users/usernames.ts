import type { FastifyInstance } from 'fastify';

/** Usernames by id for the members among `ids` whose accounts still exist. */
export async function usernamesOf(app: FastifyInstance, ids: Iterable<number | null | undefined>) {
  const shown = await app.members.shown(ids);
  return new Map([...shown].map(([id, card]) => [id, card.username]));
}
