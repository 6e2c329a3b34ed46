import type { AdminUser, AdminUsersQuery, Thread, ThreadsQuery } from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import { listThreads } from '../threads/service.ts';
import type { UserRecord } from '../users/user-model.ts';
import { presentAdminUser } from './presenter.ts';

/** The users table: members whose accounts exist, newest first, each with their last told balance. */
export async function listAdminUsers(app: FastifyInstance, query: AdminUsersQuery): Promise<AdminUser[]> {
  return (await app.members.page(query)).map((member) => presentAdminUser(member));
}

/** The content and moderation tabs: every live thread (pending ones and premium sisters too), newest first. */
export function listAdminThreads(app: FastifyInstance, viewer: UserRecord, query: ThreadsQuery): Promise<Thread[]> {
  return listThreads(app, viewer, query);
}
