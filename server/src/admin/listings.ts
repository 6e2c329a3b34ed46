import { type AdminUser, type AdminUsersQuery, LIMITS, type Thread, type ThreadsQuery } from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import { presentThreads } from '../threads/presenter.ts';
import type { ThreadRecord } from '../threads/thread-model.ts';
import type { UserRecord } from '../users/user-model.ts';
import { balanceOf } from '../wallet/ledger.ts';
import { presentAdminUser } from './presenter.ts';

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The users table: members whose accounts exist, newest first, each with the ledger's balance. */
export async function listAdminUsers(app: FastifyInstance, query: AdminUsersQuery): Promise<AdminUser[]> {
  const q = query.q?.trim();
  const pattern = q ? { $regex: escapeRegex(q), $options: 'i' } : null;
  const users = await app.models.User.find({
    deletedAt: null,
    ...(query.before !== undefined ? { id: { $lt: query.before } } : {}),
    ...(pattern ? { $or: [{ username: pattern }, { email: pattern }] } : {}),
  })
    .sort({ id: -1 })
    .limit(query.limit ?? LIMITS.pageSizeMax)
    .lean<UserRecord[]>();
  const balances = await Promise.all(users.map((user) => balanceOf(app, user.id)));
  return users.map((user, index) => presentAdminUser(user, balances[index] ?? 0));
}

/** The content and moderation tabs: every live thread (pending ones and premium sisters too), newest first. */
export async function listAdminThreads(
  app: FastifyInstance,
  viewer: UserRecord,
  query: ThreadsQuery,
): Promise<Thread[]> {
  const q = query.q?.trim();
  const pattern = q ? { $regex: escapeRegex(q), $options: 'i' } : null;
  const threads = await app.models.Thread.find({
    deletedAt: null,
    ...(query.categoryId !== undefined ? { categoryId: query.categoryId } : {}),
    ...(query.before !== undefined ? { id: { $lt: query.before } } : {}),
    ...(pattern ? { $or: [{ title: pattern }, { content: pattern }, { tags: pattern }] } : {}),
  })
    .sort({ id: -1 })
    .limit(query.limit ?? LIMITS.threadPageSizeDefault)
    .lean<ThreadRecord[]>();
  return presentThreads(app, viewer, threads, 'list');
}
