import type { FastifyInstance } from 'fastify';

/** Usernames by id for the members among `ids` whose accounts still exist, in one query. */
export async function usernamesOf(app: FastifyInstance, ids: Iterable<number | null | undefined>) {
  const wanted = [...new Set([...ids].filter((id): id is number => typeof id === 'number'))];
  if (wanted.length === 0) return new Map<number, string>();
  const users = await app.models.User.find({ id: { $in: wanted }, deletedAt: null }, { id: 1, username: 1 }).lean<
    { id: number; username: string }[]
  >();
  return new Map(users.map((user) => [user.id, user.username]));
}
