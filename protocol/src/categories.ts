import Type from 'typebox';
import { Id, IdParams, IsoDate, Nullable } from './common.ts';
import { route } from './contract.ts';
import { endpoints } from './endpoints.ts';
import { CATEGORY_COLORS, CATEGORY_ICONS, LIMITS } from './limits.ts';

export const CategoryIconName = Type.Enum(CATEGORY_ICONS);
export const CategoryColorName = Type.Enum(CATEGORY_COLORS);

/** A category with what its card shows: threads the viewer can see, and when one last moved. */
export const Category = Type.Object({
  id: Id,
  name: Type.String(),
  description: Type.String(),
  icon: Type.String(),
  color: Type.String(),
  isPremium: Type.Boolean(),
  premiumCost: Nullable(Type.Integer()),
  /** Threads in this category that the viewer may see. */
  threadCount: Type.Integer({ minimum: 0 }),
  /** The newest thread or reply among those threads; null shows 'No activity yet'. */
  lastActivity: Nullable(IsoDate),
});
export type Category = Type.Static<typeof Category>;

/** The category form of the admin console (spec 001 §5). */
export const CategoryBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: LIMITS.categoryNameMax, pattern: '\\S' }),
  description: Type.String({ maxLength: LIMITS.categoryDescriptionMax }),
  icon: CategoryIconName,
  color: CategoryColorName,
  isPremium: Type.Optional(Type.Boolean({ default: false })),
  premiumCost: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: LIMITS.costMax }))),
});
export type CategoryBody = Type.Static<typeof CategoryBody>;

export const categoryRoutes = {
  categories: route({
    ...endpoints.categories,
    summary: 'Every category, with visible thread counts and last activity',
    response: { 200: Type.Array(Category) },
  }),
  category: route({
    ...endpoints.category,
    params: IdParams,
    response: { 200: Category },
  }),
};
