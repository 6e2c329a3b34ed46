import type { DirectoryPart } from './context.ts';

/** Usernames by id for the members among `ids` whose accounts still exist. */
export async function usernamesOf(app: DirectoryPart<'shown'>, ids: Iterable<number | null | undefined>) {
  const shown = await app.members.shown(ids);
  return new Map([...shown].map(([id, card]) => [id, card.username]));
}
