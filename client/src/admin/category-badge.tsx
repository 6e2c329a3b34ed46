import { categoryIcon, categoryTone } from '../forum/category-look.ts';
import * as styles from './categories.css.ts';

/** A category's icon on its colour, as the forum's category cards paint it. */
export function CategoryBadge({ icon, color }: { icon: string; color: string }) {
  const Icon = categoryIcon(icon);
  return (
    <span className={`${styles.icon} ${categoryTone(color)}`} aria-hidden>
      <Icon size={20} />
    </span>
  );
}
