import { type Category, FORUM_PAGE_TEXT, SERVER_TEXT, SKELETON_ROWS, THREAD_TEXT } from '@enclave/protocol';
import { useParams } from '@tanstack/react-router';
import { ArrowLeft, ChevronDown } from 'lucide-react';
import { Button } from '../components/button.tsx';
import * as page from '../components/page.css.ts';
import { RouterLink } from '../components/router-link.tsx';
import { LoadingRows, Skeleton } from '../components/skeleton.tsx';
import { categoryIcon, categoryTone } from '../forum/category-look.ts';
import { useCategory, useThreadPages } from '../forum/forum-queries.ts';
import { NewThreadButton } from '../forum/new-thread-button.tsx';
import { PremiumBadge } from '../forum/thread-labels.tsx';
import { EmptyThreads, ThreadList, ThreadsError } from '../forum/thread-list.tsx';
import { visuallyHidden } from '../styles/utilities.css.ts';
import * as styles from './category-page.css.ts';

/** Spec 001 §2: one category, its New Thread button and its threads. */
export function CategoryPage() {
  const { id } = useParams({ strict: false });
  const categoryId = Number(id);
  const isValidId = Number.isInteger(categoryId) && categoryId > 0;
  const category = useCategory(categoryId, { enabled: isValidId });

  return (
    <div className={page.stack}>
      <RouterLink to="/forums" className={page.backLink}>
        <ArrowLeft size={16} aria-hidden />
        Back to forums
      </RouterLink>
      {!isValidId || category.isError ? (
        <div className={styles.error} role="alert">
          <h1 className={styles.errorTitle}>{FORUM_PAGE_TEXT.errorLoadingCategory}</h1>
          <p>{category.error?.message ?? SERVER_TEXT.categoryNotFound}</p>
        </div>
      ) : category.isPending ? (
        <>
          <Skeleton width="40%" height="2rem" />
          <LoadingRows rows={SKELETON_ROWS.list} label="Loading category" />
        </>
      ) : (
        <>
          <CategoryHeader category={category.data} />
          <CategoryThreads categoryId={category.data.id} />
        </>
      )}
    </div>
  );
}

function CategoryHeader({ category }: { category: Category }) {
  const Icon = categoryIcon(category.icon);
  return (
    <header className={styles.header}>
      <span className={`${styles.icon} ${categoryTone(category.color)}`} aria-hidden>
        <Icon size={28} />
      </span>
      <div className={styles.heading}>
        <h1 className={page.title}>{category.name}</h1>
        <p className={page.lead}>{category.description}</p>
        {category.isPremium && <PremiumBadge className={styles.premium} />}
      </div>
      <NewThreadButton categoryId={category.id} />
    </header>
  );
}

function CategoryThreads({ categoryId }: { categoryId: number }) {
  const threads = useThreadPages({ categoryId });
  if (threads.isPending) return <LoadingRows rows={SKELETON_ROWS.list} label="Loading threads" />;
  if (threads.isError) return <ThreadsError error={threads.error} onRetry={() => void threads.refetch()} />;
  const list = threads.data.pages.flat();
  if (list.length === 0) {
    return (
      <EmptyThreads text={THREAD_TEXT.noThreadsInCategory}>
        <NewThreadButton
          categoryId={categoryId}
          label="Create the first thread"
          visitorLabel="Create the first thread"
        />
      </EmptyThreads>
    );
  }
  return (
    <>
      {/* The cards' titles are h3s, as under the home page's section headings. */}
      <h2 className={visuallyHidden}>Threads</h2>
      <ThreadList threads={list} label="Threads" />
      {threads.hasNextPage && (
        <Button
          variant="secondary"
          className={styles.more}
          isDisabled={threads.isFetchingNextPage}
          onPress={() => void threads.fetchNextPage()}
        >
          <ChevronDown size={16} aria-hidden />
          Load More
        </Button>
      )}
    </>
  );
}
