import { api, type Category, CONSOLE_TEXT, FORUM_PAGE_TEXT, SKELETON_ROWS } from '@enclave/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { call } from '../api/client.ts';
import { Button } from '../components/button.tsx';
import { CardHeading } from '../components/card-heading.tsx';
import { DialogActions } from '../components/dialog-actions.tsx';
import { ModalDialog } from '../components/modal-dialog.tsx';
import { LoadingRows } from '../components/skeleton.tsx';
import { CATEGORIES_QUERY_KEY } from '../forum/forum-queries.ts';
import { toast } from '../stores/toast-store.ts';
import * as styles from './admin.css.ts';
import { ADMIN_CATEGORIES_KEY } from './admin-cache.ts';
import { useAdminCategories } from './admin-queries.ts';
import * as look from './categories.css.ts';
import { CategoryBadge } from './category-badge.tsx';
import { CategoryFormDialog } from './category-form-dialog.tsx';

type Editing = { kind: 'create' } | { kind: 'edit'; category: Category } | { kind: 'delete'; category: Category };

/** Spec 001 §2, categories: every category as a card, with create, edit and delete dialogs. */
export function CategoriesTab() {
  const query = useAdminCategories();
  const [editing, setEditing] = useState<Editing | null>(null);
  const close = () => setEditing(null);
  const categories = query.data ?? [];

  return (
    <section className={styles.card} aria-labelledby="categories-title">
      <div className={styles.cardHeader}>
        <CardHeading id="categories-title" title="Categories">
          A category that still contains threads cannot be deleted.
        </CardHeading>
        <Button size="sm" onPress={() => setEditing({ kind: 'create' })}>
          <Plus size={14} aria-hidden />
          New Category
        </Button>
      </div>
      {query.isLoading ? (
        <LoadingRows rows={SKELETON_ROWS.list} label="Loading categories" />
      ) : query.isError ? (
        <div className={styles.errorBox} role="alert">
          <span>{FORUM_PAGE_TEXT.errorLoadingCategories}</span>
          <span className={styles.muted}>{query.error.message}</span>
          <Button size="sm" variant="secondary" onPress={() => void query.refetch()} isDisabled={query.isFetching}>
            {CONSOLE_TEXT.retryLoading}
          </Button>
        </div>
      ) : categories.length === 0 ? (
        <p className={styles.empty}>{CONSOLE_TEXT.noCategories}</p>
      ) : (
        <ul className={look.grid} aria-label="Categories">
          {categories.map((category) => (
            <li key={category.id} className={look.card} aria-label={category.name}>
              <div className={look.head}>
                <CategoryBadge icon={category.icon} color={category.color} />
                <div className={styles.personText}>
                  <span className={look.name}>{category.name}</span>
                  <span className={styles.muted}>
                    {category.icon} · {category.color}
                  </span>
                </div>
              </div>
              <p className={look.description}>{category.description}</p>
              <div className={look.foot}>
                <span className={styles.meta}>
                  {category.isPremium && category.premiumCost !== null ? (
                    <span className={look.price}>${category.premiumCost}</span>
                  ) : (
                    <span>Free</span>
                  )}
                  <span>
                    {category.threadCount} {category.threadCount === 1 ? 'thread' : 'threads'}
                  </span>
                </span>
                <span className={styles.actions}>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Edit ${category.name}`}
                    onPress={() => setEditing({ kind: 'edit', category })}
                  >
                    <Pencil size={14} aria-hidden />
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Delete ${category.name}`}
                    onPress={() => setEditing({ kind: 'delete', category })}
                  >
                    <Trash2 size={14} aria-hidden />
                  </Button>
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing?.kind === 'create' && <CategoryFormDialog onClose={close} />}
      {editing?.kind === 'edit' && <CategoryFormDialog category={editing.category} onClose={close} />}
      {editing?.kind === 'delete' && <DeleteCategoryDialog category={editing.category} onClose={close} />}
    </section>
  );
}

/** Spec 001 §8: a failed delete toasts 'Error deleting category' and shows the server's message here too. */
function DeleteCategoryDialog({ category, onClose }: { category: Category; onClose: () => void }) {
  const queryClient = useQueryClient();
  const deletion = useMutation({
    mutationFn: () =>
      call(api.deleteCategory, { params: { id: category.id }, errorTitle: CONSOLE_TEXT.deleteCategoryFailed }),
    onSuccess: (reply) => {
      void queryClient.invalidateQueries({ queryKey: ADMIN_CATEGORIES_KEY });
      void queryClient.invalidateQueries({ queryKey: CATEGORIES_QUERY_KEY });
      toast({ title: reply.message, description: category.name });
      onClose();
    },
  });

  return (
    <ModalDialog title={`Delete ${category.name}?`} isOpen isAlert onOpenChange={(open) => !open && onClose()}>
      <p className={styles.muted}>This cannot be undone. Categories that contain threads cannot be deleted.</p>
      {deletion.error && (
        <p className={styles.errorBox} role="alert">
          {deletion.error.message}
        </p>
      )}
      <DialogActions>
        <Button variant="secondary" onPress={onClose}>
          Cancel
        </Button>
        <Button variant="destructive" isDisabled={deletion.isPending} onPress={() => deletion.mutate()}>
          {deletion.isPending ? 'Deleting…' : 'Delete Category'}
        </Button>
      </DialogActions>
    </ModalDialog>
  );
}
