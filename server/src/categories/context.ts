import type { DomainEvents } from '../realtime/domain-events.ts';
import type { Database } from '../storage/index.ts';
import type { ForumIndex } from '../threads/forum-index.ts';
import type { CategoryDirectory } from './category-directory.ts';

/**
 * What the category rules use, and nothing else: the connection (the categories by key), the domain events
 * (`category.changed`, which keeps every process's directory current), the category directory, and the forum
 * index's activity per category (how many threads the viewer may see, and the newest). The app is one. Each function
 * takes only the part it uses.
 */
export interface CategoryContext extends Database {
  events: Pick<DomainEvents, 'publish'>;
  categories: Pick<CategoryDirectory, 'all' | 'find'>;
  forum: Pick<ForumIndex, 'activity'>;
}
