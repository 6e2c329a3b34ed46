import { type Category, type CategoryBody, SERVER_TEXT } from '@enclave/protocol';
import { notFound } from '../errors.ts';
import { byNumericId, type Database, findByNumericId, insertWithId } from '../storage/index.ts';
import type { Viewer } from '../threads/policy.ts';
import type { CategoryRecord } from './category-model.ts';
import type { CategoryContext } from './context.ts';
import { categoryModels } from './models.ts';
import { type CategoryActivity, presentCategory } from './presenter.ts';

/** What a category's writes use: the connection, and the events that tell the directory. */
type EditingContext = Pick<CategoryContext, 'mongo' | 'events'>;

export async function listCategories(
  app: Pick<CategoryContext, 'categories' | 'forum'>,
  viewer: Viewer,
): Promise<Category[]> {
  const categories = await app.categories.all();
  const activity = await app.forum.activity(
    viewer,
    categories.map((category) => category.id),
  );
  return categories.map((category) => presentCategory(category, activity.get(category.id) as CategoryActivity));
}

export async function getCategory(
  app: Pick<CategoryContext, 'categories' | 'forum'>,
  viewer: Viewer,
  id: number,
): Promise<Category> {
  const category = await app.categories.find(id);
  if (!category) throw notFound(SERVER_TEXT.categoryNotFound);
  const activity = await app.forum.activity(viewer, [id]);
  return presentCategory(category, activity.get(id) as CategoryActivity);
}

/** The form's fields as stored: trimmed, and a cost only on a premium category. */
export function categoryFields(body: CategoryBody) {
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

/** The admin console's create (issue 7 adds its route); the seed uses it too. */
export async function createCategory(app: EditingContext, body: CategoryBody): Promise<CategoryRecord> {
  const category = await insertWithId(
    categoryModels(app).Category,
    categoryFields(body) as Omit<CategoryRecord, 'id'>,
    {
      deletedOutright: true,
    },
  );
  app.events.publish('category.changed', { categoryId: category.id });
  return category;
}

/** The category as stored (read by key, not from the directory), or a 404. */
export async function storedCategory(app: Database, id: number): Promise<CategoryRecord> {
  const category = await findByNumericId(categoryModels(app).Category, id);
  if (!category) throw notFound(SERVER_TEXT.categoryNotFound);
  return category;
}

/** The admin console's edit: the form's fields replace the category's. */
export async function editCategory(
  app: EditingContext,
  id: number,
  fields: ReturnType<typeof categoryFields>,
): Promise<void> {
  await categoryModels(app).Category.updateOne(byNumericId(id), { $set: fields });
  app.events.publish('category.changed', { categoryId: id });
}

/** The admin console's delete; the caller has made sure no thread is left in it. */
export async function removeCategory(app: EditingContext, id: number): Promise<void> {
  await categoryModels(app).Category.deleteOne(byNumericId(id));
  app.events.publish('category.changed', { categoryId: id });
}
