import { type Category, type CategoryBody, SERVER_TEXT } from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import { findByNumericId, insertWithId } from '../db/ids.ts';
import { notFound } from '../errors.ts';
import { type Viewer, visibleThreadsFilter } from '../threads/policy.ts';
import type { CategoryRecord } from './category-model.ts';
import { type CategoryActivity, presentCategory } from './presenter.ts';

/**
 * Per category, what the viewer may see: the number of visible threads, and the newest of their
 * creation and reply times. Two queries whatever the number of categories (MongoDB's `$max`
 * accumulator is missing on FerretDB, hence the fold here).
 */
async function activityOf(
  app: FastifyInstance,
  viewer: Viewer,
  categoryIds: number[],
): Promise<Map<number, CategoryActivity>> {
  const threads = await app.models.Thread.find(
    { $and: [visibleThreadsFilter(viewer), { categoryId: { $in: categoryIds } }] },
    { _id: 0, id: 1, categoryId: 1, createdAt: 1 },
  ).lean<{ id: number; categoryId: number; createdAt: Date }[]>();
  const replies = threads.length
    ? await app.models.Post.find(
        { threadId: { $in: threads.map((thread) => thread.id) } },
        { _id: 0, threadId: 1, createdAt: 1 },
      ).lean<{ threadId: number; createdAt: Date }[]>()
    : [];
  const categoryOfThread = new Map(threads.map((thread) => [thread.id, thread.categoryId]));
  const activity = new Map<number, CategoryActivity>(
    categoryIds.map((id) => [id, { threadCount: 0, lastActivity: null }]),
  );
  const touch = (categoryId: number | undefined, time: Date) => {
    const entry = categoryId === undefined ? undefined : activity.get(categoryId);
    if (entry && (!entry.lastActivity || time > entry.lastActivity)) entry.lastActivity = time;
  };
  for (const thread of threads) {
    const entry = activity.get(thread.categoryId);
    if (entry) entry.threadCount += 1;
    touch(thread.categoryId, thread.createdAt);
  }
  for (const reply of replies) touch(categoryOfThread.get(reply.threadId), reply.createdAt);
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
  const category = await findByNumericId(app.models.Category, id);
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
