import { type Category, type CategoryBody, SERVER_TEXT } from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import { insertWithId } from '../db/ids.ts';
import { notFound } from '../errors.ts';
import { type Viewer, visibleThreadsFilter } from '../threads/policy.ts';
import type { CategoryRecord } from './category-model.ts';
import { type CategoryActivity, presentCategory } from './presenter.ts';

/**
 * Per category, what the viewer may see: the number of visible threads, and the newest of their
 * creation and reply times (MongoDB's `$max` accumulator is missing on FerretDB, hence the queries).
 */
async function activityOf(
  app: FastifyInstance,
  viewer: Viewer,
  categoryIds: number[],
): Promise<Map<number, CategoryActivity>> {
  const threads = await app.models.Thread.find(
    { $and: [visibleThreadsFilter(viewer), { categoryId: { $in: categoryIds } }] },
    { id: 1, categoryId: 1, createdAt: 1 },
  )
    .sort({ id: -1 })
    .lean<{ id: number; categoryId: number; createdAt: Date }[]>();
  const activity = new Map<number, CategoryActivity>();
  for (const categoryId of categoryIds) {
    const mine = threads.filter((thread) => thread.categoryId === categoryId);
    const newestReply = mine.length
      ? await app.models.Post.findOne({ threadId: { $in: mine.map((t) => t.id) } }, { createdAt: 1 })
          .sort({ id: -1 })
          .lean()
      : null;
    const times = [mine[0]?.createdAt, newestReply?.createdAt].filter((time): time is Date => time instanceof Date);
    activity.set(categoryId, {
      threadCount: mine.length,
      lastActivity: times.length ? new Date(Math.max(...times.map((time) => time.getTime()))) : null,
    });
  }
  return activity;
}

export async function listCategories(app: FastifyInstance, viewer: Viewer): Promise<Category[]> {
  const categories = await app.models.Category.find().sort({ id: 1 }).lean<CategoryRecord[]>();
  const activity = await activityOf(
    app,
    viewer,
    categories.map((category) => category.id),
  );
  return categories.map((category) => presentCategory(category, activity.get(category.id) as CategoryActivity));
}

export async function getCategory(app: FastifyInstance, viewer: Viewer, id: number): Promise<Category> {
  const category = await app.models.Category.findOne({ id }).lean<CategoryRecord>();
  if (!category) throw notFound(SERVER_TEXT.categoryNotFound);
  const activity = await activityOf(app, viewer, [id]);
  return presentCategory(category, activity.get(id) as CategoryActivity);
}

/** The admin console's create (issue 7 adds its route); the seed uses it too. */
export async function createCategory(app: FastifyInstance, body: CategoryBody): Promise<CategoryRecord> {
  return insertWithId(app.models.Category, {
    name: body.name.trim(),
    description: body.description.trim(),
    icon: body.icon,
    color: body.color,
    isPremium: body.isPremium ?? false,
    premiumCost: body.isPremium ? (body.premiumCost ?? null) : null,
  } as Omit<CategoryRecord, 'id'>);
}
