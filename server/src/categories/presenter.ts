import type { Category } from '@enclave/protocol';
import type { CategoryRecord } from './category-model.ts';

export interface CategoryActivity {
  threadCount: number;
  lastActivity: Date | null;
}

export function presentCategory(category: CategoryRecord, activity: CategoryActivity): Category {
  return {
    id: category.id,
    name: category.name,
    description: category.description,
    icon: category.icon,
    color: category.color,
    isPremium: category.isPremium,
    premiumCost: category.premiumCost ?? null,
    threadCount: activity.threadCount,
    lastActivity: activity.lastActivity?.toISOString() ?? null,
  };
}
