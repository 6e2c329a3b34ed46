import type { FastifyInstance } from 'fastify';
import { findAllByNumericId } from '../db/ids.ts';

/** Usernames by id for the members among `ids` whose accounts still exist. */
export async function usernamesOf(app: FastifyInstance, ids: Iterable<number | null | undefined>) {
  const wanted = [...new Set([...ids].filter((id): id is number => typeof id === 'number'))];
  if (wanted.length === 0) return new Map<number, string>();
  const users = await findAllByNumericId(app.models.User, wanted);
  return new Map(users.filter((user) => !user.deletedAt).map((user) => [user.id, user.username]));
}
