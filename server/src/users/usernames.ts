import type { FastifyInstance } from 'fastify';

/** Usernames by id for the members among `ids` whose accounts still exist. */
export async function usernamesOf(app: FastifyInstance, ids: Iterable<number | null | undefined>) {
  const cards = await app.members.cards(ids);
  return new Map([...cards.values()].filter((card) => !card.deletedAt).map((card) => [card.id, card.username]));
}
