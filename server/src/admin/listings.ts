import type { AdminUser, AdminUsersQuery, Thread, ThreadsQuery } from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import { listThreads } from '../threads/service.ts';
import { abilitiesOf } from '../users/abilities.ts';
import type { UserRecord } from '../users/user-model.ts';
import { presentAdminUser } from './presenter.ts';

/**
 * The users table: members whose accounts exist, newest first, each with their balance (`KnownBalances`). Staff look
 * members up there to ban or mute them; only those who manage users (admins) see, and search by, email addresses.
 */
export async function listAdminUsers(
  app: FastifyInstance,
  viewer: UserRecord,
  query: AdminUsersQuery,
): Promise<AdminUser[]> {
  const { canManageUsers } = abilitiesOf(viewer, { requireVerifiedEmail: app.config.REQUIRE_EMAIL_VERIFICATION });
  const members = await app.members.page(query, { byEmail: canManageUsers });
  const balances = await app.balances.of(members.map((member) => member.id));
  return members.map((member, i) => presentAdminUser(member, balances[i] ?? 0, { withEmail: canManageUsers }));
}

/** The content and moderation tabs: every live thread (pending ones and premium sisters too), newest first. */
export function listAdminThreads(app: FastifyInstance, viewer: UserRecord, query: ThreadsQuery): Promise<Thread[]> {
  return listThreads(app, viewer, query);
}
