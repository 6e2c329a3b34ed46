import { ADMIN_TEXT, type Category, type CategoryBody, type OkReply, SERVER_TEXT } from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import {
  categoryFields,
  createCategory,
  editCategory,
  getCategory,
  removeCategory,
  storedCategory,
} from '../categories/service.ts';
import { conflict } from '../errors.ts';
import { logModeration } from '../moderation/log.ts';
import type { UserRecord } from '../users/user-model.ts';

export async function addCategory(app: FastifyInstance, actor: UserRecord, body: CategoryBody): Promise<Category> {
  const category = await createCategory(app, body);
  await logModeration(app, {
    actorId: actor.id,
    action: 'category.create',
    targetType: 'category',
    targetId: category.id,
    details: categoryFields(body),
  });
  return getCategory(app, actor, category.id);
}

export async function updateCategory(
  app: FastifyInstance,
  actor: UserRecord,
  id: number,
  body: CategoryBody,
): Promise<Category> {
  const before = await storedCategory(app, id);
  const fields = categoryFields(body);
  await editCategory(app, id, fields);
  await logModeration(app, {
    actorId: actor.id,
    action: 'category.update',
    targetType: 'category',
    targetId: id,
    details: {
      before: {
        name: before.name,
        description: before.description,
        icon: before.icon,
        color: before.color,
        isPremium: before.isPremium,
        premiumCost: before.premiumCost ?? null,
      },
      after: fields,
    },
  });
  return getCategory(app, actor, id);
}

/** Only an empty category can go (spec 001 §8); deleted threads' tombstones do not count. */
export async function deleteCategory(app: FastifyInstance, actor: UserRecord, id: number): Promise<OkReply> {
  const category = await storedCategory(app, id);
  const threadCount = await app.forum.countIn(id);
  if (threadCount > 0) throw conflict(SERVER_TEXT.categoryHasThreads, undefined, { threadCount });
  await removeCategory(app, id);
  await logModeration(app, {
    actorId: actor.id,
    action: 'category.delete',
    targetType: 'category',
    targetId: id,
    details: { name: category.name },
  });
  return { message: ADMIN_TEXT.categoryDeleted };
}
