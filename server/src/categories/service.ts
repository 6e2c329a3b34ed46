import { type Category, type CategoryBody, SERVER_TEXT } from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../errors.ts';
import { insertWithId } from '../storage/index.ts';
import type { Viewer } from '../threads/policy.ts';
import type { CategoryRecord } from './category-model.ts';
import { categoryModels } from './models.ts';
import { type CategoryActivity, presentCategory } from './presenter.ts';

export async function listCategories(app: FastifyInstance, viewer: Viewer): Promise<Category[]> {
  const categories = await app.categories.all();
  const activity = await app.forum.activity(
    viewer,
    categories.map((category) => category.id),
  );
  return categories.map((category) => presentCategory(category, activity.get(category.id) as CategoryActivity));
}

export async function getCategory(app: FastifyInstance, viewer: Viewer, id: number): Promise<Category> {
  const category = await app.categories.find(id);
  if (!category) throw notFound(SERVER_TEXT.categoryNotFound);
  const activity = await app.forum.activity(viewer, [id]);
  return presentCategory(category, activity.get(id) as CategoryActivity);
}

/** The admin console's create (issue 7 adds its route); the seed uses it too. */
export async function createCategory(app: FastifyInstance, body: CategoryBody): Promise<CategoryRecord> {
  const category = await insertWithId(categoryModels(app).Category, {
    name: body.name.trim(),
    description: body.description.trim(),
    icon: body.icon,
    color: body.color,
    isPremium: body.isPremium ?? false,
    premiumCost: body.isPremium ? (body.premiumCost ?? null) : null,
  } as Omit<CategoryRecord, 'id'>);
  app.events.publish('category.changed', { categoryId: category.id });
  return category;
}
