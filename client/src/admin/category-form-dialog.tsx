import {
  api,
  CATEGORY_COLORS,
  CATEGORY_FORM,
  CATEGORY_ICONS,
  type Category,
  type CategoryIcon,
  CONSOLE_TEXT,
  LIMITS,
} from '@enclave/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { call } from '../api/client.ts';
import { FormActions } from '../components/form-actions.tsx';
import { ModalDialog } from '../components/modal-dialog.tsx';
import { SelectField } from '../components/select-field.tsx';
import { SwitchField } from '../components/switch-field.tsx';
import { TextField } from '../components/text-field.tsx';
import { useCheckedForm } from '../forms/use-checked-form.ts';
import { CATEGORIES_QUERY_KEY } from '../forum/forum-queries.ts';
import { toast } from '../stores/toast-store.ts';
import * as styles from './admin.css.ts';
import { ADMIN_CATEGORIES_KEY } from './admin-cache.ts';
import { CategoryBadge } from './category-badge.tsx';
import {
  bodyOf,
  type CategoryErrors,
  type CategoryValues,
  categoryErrors,
  FORM_ICONS,
  NEW_CATEGORY,
  valuesOf,
} from './category-form.ts';

const COLOR_OPTIONS = CATEGORY_COLORS.map((color) => ({
  value: color,
  label: color[0]?.toUpperCase() + color.slice(1),
}));

/** An existing category may carry one of the card's own icons: keep it choosable. */
function iconOptions(current: CategoryIcon) {
  const icons =
    FORM_ICONS.includes(current) || !CATEGORY_ICONS.includes(current) ? FORM_ICONS : [current, ...FORM_ICONS];
  return icons.map((icon) => ({ value: icon, label: icon.replace(/([a-z])([A-Z])/g, '$1 $2') }));
}

/** Create (no `category`) or edit a category (spec 001 §2, §5). */
export function CategoryFormDialog({ category, onClose }: { category?: Category; onClose: () => void }) {
  const queryClient = useQueryClient();
  const { values, errors, change, validate } = useCheckedForm<CategoryValues, keyof CategoryErrors>(
    () => (category ? valuesOf(category) : NEW_CATEGORY),
    categoryErrors,
  );

  const save = useMutation({
    mutationFn: (next: CategoryValues) =>
      category
        ? call(api.updateCategory, {
            params: { id: category.id },
            body: bodyOf(next),
            errorTitle: CONSOLE_TEXT.updateCategoryFailed,
          })
        : call(api.createCategory, { body: bodyOf(next), errorTitle: CONSOLE_TEXT.createCategoryFailed }),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: ADMIN_CATEGORIES_KEY });
      void queryClient.invalidateQueries({ queryKey: CATEGORIES_QUERY_KEY });
      toast({
        title: category ? CONSOLE_TEXT.categoryUpdated : CONSOLE_TEXT.categoryCreated,
        description: saved.name,
      });
      onClose();
    },
  });

  const set = <K extends keyof CategoryValues>(key: K, value: CategoryValues[K]) =>
    change({ [key]: value } as Partial<CategoryValues>);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (validate()) save.mutate(values);
  };

  return (
    <ModalDialog
      title={category ? 'Edit Category' : 'Create Category'}
      isOpen
      size="lg"
      onOpenChange={(open) => !open && onClose()}
    >
      <Form className={styles.form} onSubmit={submit}>
        <TextField
          label="Name"
          maxLength={LIMITS.categoryNameMax}
          value={values.name}
          onChange={(value) => set('name', value)}
          error={errors.name}
          autoFocus
        />
        <TextField
          label="Description"
          rows={3}
          maxLength={LIMITS.categoryDescriptionMax}
          value={values.description}
          onChange={(value) => set('description', value)}
        />
        <div className={styles.formRow}>
          <SelectField
            label="Icon"
            options={iconOptions(values.icon)}
            value={values.icon}
            onChange={(icon) => set('icon', icon)}
          />
          <SelectField
            label="Color"
            options={COLOR_OPTIONS}
            value={values.color}
            onChange={(color) => set('color', color)}
          />
        </div>
        <div className={styles.preview}>
          <span className={styles.muted}>Preview</span>
          <CategoryBadge icon={values.icon} color={values.color} />
          <span className={styles.strong}>{values.name.trim() || 'Category name'}</span>
        </div>
        <SwitchField
          label="Premium category"
          description="Members see its price on the category card."
          isSelected={values.isPremium}
          onChange={(isPremium) => set('isPremium', isPremium)}
        />
        {values.isPremium && (
          <TextField
            label="Premium cost"
            inputMode="numeric"
            placeholder={String(CATEGORY_FORM.premiumCostPlaceholder)}
            value={values.premiumCost}
            onChange={(value) => set('premiumCost', value)}
            error={errors.premiumCost}
          />
        )}
        <FormActions
          onCancel={onClose}
          submitLabel={category ? 'Save Category' : 'Create Category'}
          pendingLabel="Saving…"
          isPending={save.isPending}
        />
      </Form>
    </ModalDialog>
  );
}
