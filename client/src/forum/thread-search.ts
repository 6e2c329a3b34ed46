import type { Thread } from '@enclave/protocol';

/** Spec 000 §2: the home search matches title, content or tags, case-insensitive. */
export function matchesSearch(thread: Pick<Thread, 'title' | 'content' | 'tags'>, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return (
    thread.title.toLowerCase().includes(needle) ||
    thread.content.toLowerCase().includes(needle) ||
    thread.tags.some((tag) => tag.toLowerCase().includes(needle))
  );
}
