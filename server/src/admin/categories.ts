import { ADMIN_TEXT, type Category, type CategoryBody, type OkReply, SERVER_TEXT } from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import type { CategoryRecord } from '../categories/category-model.ts';
import { categoryModels } from '../categories/models.ts';
import { createCategory, getCategory } from '../categories/service.ts';
import { conflict, notFound } from '../errors.ts';
import { logModeration } from '../moderation/log.ts';
import { byNumericId, findByNumericId } from '../storage/index.ts';
import type { UserRecord } from '../users/user-model.ts';

/** The form's fields as stored: trimmed, and a cost only on a premium category. */
function fieldsOf(body: CategoryBody) {
  const isPremium = body.isPremium ?? false;
  return {
    name: body.name.trim(),
    description: body.description.trim(),
    icon: body.icon,
    color: body.color,
    isPremium,
    premiumCost: isPremium ? (body.premiumCost ?? null) : null,
  };
}

async function findCategory(app: FastifyInstance, id: number): Promise<CategoryRecord> {
  const category = await findByNumericId(categoryModels(app).Category, id);
  if (!category) throw notFound(SERVER_TEXT.categoryNotFound);
  return category;
}

export async function addCategory(app: FastifyInstance, actor: UserRecord, body: CategoryBody): Promise<Category> {
  const category = await createCategory(app, body);
  await logModeration(app, {
    actorId: actor.id,
    action: 'category.create',
    targetType: 'category',
    targetId: category.id,
    details: fieldsOf(body),
  });
  return getCategory(app, actor, category.id);
}

export async function updateCategory(
  app: FastifyInstance,
  actor: UserRecord,
  id: number,
  body: CategoryBody,
): Promise<Category> {
  const before = await findCategory(app, id);
  const fields = fieldsOf(body);
  await categoryModels(app).Category.updateOne(byNumericId(id), { $set: fields });
  app.events.publish('category.changed', { categoryId: id });
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
  const category = await findCategory(app, id);
  const threadCount = await app.forum.countIn(id);
  if (threadCount > 0) throw conflict(SERVER_TEXT.categoryHasThreads, undefined, { threadCount });
  await categoryModels(app).Category.deleteOne(byNumericId(id));
  app.events.publish('category.changed', { categoryId: id });
  await logModeration(app, {
    actorId: actor.id,
    action: 'category.delete',
    targetType: 'category',
    targetId: id,
    details: { name: category.name },
  });
  return { message: ADMIN_TEXT.categoryDeleted };
}
