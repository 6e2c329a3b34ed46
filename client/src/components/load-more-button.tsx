import { Button } from './button.tsx';

/** The paging part of an infinite query. */
interface Pages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

interface LoadMoreButtonProps {
  pages: Pages;
  label?: string;
  className?: string;
}

/** Reads the next page of a list; nothing once the last page is in. */
export function LoadMoreButton({ pages, label = 'Load more', className }: LoadMoreButtonProps) {
  if (!pages.hasNextPage) return null;
  return (
    <Button
      variant="secondary"
      className={className}
      onPress={() => void pages.fetchNextPage()}
      isDisabled={pages.isFetchingNextPage}
    >
      {pages.isFetchingNextPage ? 'Loading…' : label}
    </Button>
  );
}
