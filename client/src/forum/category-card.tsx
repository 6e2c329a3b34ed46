import { type Category, THREAD_TEXT } from '@enclave/protocol';
import { RouterLink } from '../components/router-link.tsx';
import { timeAgo } from '../components/time-ago.ts';
import * as styles from './category-card.css.ts';
import { categoryIcon, categoryTone } from './category-look.ts';
import { PremiumBadge } from './thread-labels.tsx';

/** What a card needs; counts and activity may be missing from an older answer, so they have defaults. */
export type CategoryCardData = Pick<Category, 'id' | 'name' | 'description' | 'icon' | 'color' | 'isPremium'> &
  Partial<Pick<Category, 'threadCount' | 'lastActivity'>>;

export function threadCountText(count: number): string {
  return `${count} ${count === 1 ? 'thread' : 'threads'}`;
}

/** Spec 000 §2: one category in the Discussion Forums grid, linking to its page. */
export function CategoryCard({ category }: { category: CategoryCardData }) {
  const Icon = categoryIcon(category.icon);
  const { lastActivity } = category;
  return (
    <RouterLink to="/category/$id" params={{ id: String(category.id) }} className={styles.card}>
      <div className={styles.top}>
        <span className={`${styles.icon} ${categoryTone(category.color)}`} aria-hidden>
          <Icon size={22} />
        </span>
        {category.isPremium && <PremiumBadge />}
      </div>
      <h3 className={styles.name}>{category.name}</h3>
      <p className={styles.description}>{category.description}</p>
      <div className={styles.footer}>
        <span className={styles.count}>{threadCountText(category.threadCount ?? 0)}</span>
        <span>{lastActivity ? `Active ${timeAgo(lastActivity)}` : THREAD_TEXT.noActivity}</span>
      </div>
    </RouterLink>
  );
}
