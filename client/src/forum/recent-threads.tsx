import { type Category, FORUM_PAGE_TEXT, HOME, LIMITS, THREAD_TEXT } from '@enclave/protocol';
import { ChevronDown, ChevronUp } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../components/button.tsx';
import { SearchField } from '../components/search-field.tsx';
import { SelectField } from '../components/select-field.tsx';
import { LoadingRows } from '../components/skeleton.tsx';
import { useDebouncedValue } from '../components/use-debounced-value.ts';
import { useThreads } from './forum-queries.ts';
import { NewThreadButton } from './new-thread-button.tsx';
import * as styles from './recent-threads.css.ts';
import { EmptyThreads, ThreadList, ThreadsError } from './thread-list.tsx';
import { matchesSearch } from './thread-search.ts';

type CategoryFilter = 'all' | number;

/** How long typing must pause before the server is asked; the loaded list narrows at once meanwhile. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * Spec 000 §2: the home page's Recent Threads, narrowed by a search over title, content and tags and by category.
 * The server answers the same search over every thread; the list on screen is filtered here too, so it follows
 * each keystroke.
 */
export function RecentThreads({ categories }: { categories: Category[] }) {
  const [search, setSearch] = useState('');
  const [categoryFilter, setCategoryFilter] = useState<CategoryFilter>('all');
  const [showAll, setShowAll] = useState(false);
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const threads = useThreads({
    ...(categoryFilter === 'all' ? {} : { categoryId: categoryFilter }),
    ...(q ? { q } : {}),
  });

  const matching = (threads.data ?? []).filter(
    (thread) => matchesSearch(thread, search) && (categoryFilter === 'all' || thread.categoryId === categoryFilter),
  );
  const shown = showAll ? matching : matching.slice(0, HOME.recentThreadsBeforeLoadMore);
  const options = [
    { value: 'all' as const, label: FORUM_PAGE_TEXT.allCategories },
    ...categories.map((category) => ({ value: category.id, label: category.name })),
  ];

  return (
    <>
      <div className={styles.filters}>
        <SearchField
          label="Search threads"
          placeholder="Title, content or tags"
          maxLength={LIMITS.searchQueryMax}
          value={search}
          onChange={setSearch}
        />
        <SelectField<CategoryFilter>
          label="Category"
          options={options}
          value={categoryFilter}
          onChange={setCategoryFilter}
        />
      </div>
      {threads.isPending ? (
        <LoadingRows rows={HOME.threadPlaceholders} label="Loading threads" />
      ) : threads.isError ? (
        <ThreadsError error={threads.error} onRetry={() => void threads.refetch()} />
      ) : matching.length === 0 ? (
        <EmptyThreads text={THREAD_TEXT.noThreads}>
          <NewThreadButton label="Create a Thread" />
        </EmptyThreads>
      ) : (
        <>
          <ThreadList threads={shown} label="Recent threads" />
          {matching.length > HOME.recentThreadsBeforeLoadMore && (
            <Button variant="secondary" className={styles.more} onPress={() => setShowAll(!showAll)}>
              {showAll ? <ChevronUp size={16} aria-hidden /> : <ChevronDown size={16} aria-hidden />}
              {showAll ? 'Show Less' : 'Load More'}
            </Button>
          )}
        </>
      )}
    </>
  );
}
