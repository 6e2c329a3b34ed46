import {
  CATEGORY_FORM_ICONS,
  type Category,
  type CategoryBody,
  type CategoryColor,
  type CategoryIcon,
  CONSOLE_TEXT,
} from '@enclave/protocol';

/** Spec 001 §3: the icons the category form offers, as a list any category's icon can be looked up in. */
export const FORM_ICONS: readonly CategoryIcon[] = CATEGORY_FORM_ICONS;

export interface CategoryValues {
  name: string;
  description: string;
  icon: CategoryIcon;
  color: CategoryColor;
  isPremium: boolean;
  /** As typed; only read while isPremium. */
  premiumCost: string;
}

/** Spec 001 §5: isPremium defaults to false; the cost field starts empty (placeholder 50). */
export const NEW_CATEGORY: CategoryValues = {
  name: '',
  description: '',
  icon: 'LineChart',
  color: 'primary',
  isPremium: false,
  premiumCost: '',
};

export function valuesOf(category: Category): CategoryValues {
  return {
    name: category.name,
    description: category.description,
    icon: category.icon as CategoryIcon,
    color: category.color as CategoryColor,
    isPremium: category.isPremium,
    premiumCost: category.premiumCost === null ? '' : String(category.premiumCost),
  };
}

export type CategoryErrors = Partial<Record<'name' | 'premiumCost', string>>;

export function categoryErrors(values: CategoryValues): CategoryErrors {
  const errors: CategoryErrors = {};
  if (!values.name.trim()) errors.name = CONSOLE_TEXT.categoryNameRequired;
  if (values.isPremium && !/^[1-9]\d*$/.test(values.premiumCost.trim())) {
    errors.premiumCost = CONSOLE_TEXT.categoryCostInvalid;
  }
  return errors;
}

/** What PUT and POST send: a free category has no cost (null). */
export function bodyOf(values: CategoryValues): CategoryBody {
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    icon: values.icon,
    color: values.color,
    isPremium: values.isPremium,
    premiumCost: values.isPremium ? Number(values.premiumCost.trim()) : null,
  };
}
