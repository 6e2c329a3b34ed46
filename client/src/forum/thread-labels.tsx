import { FORUM_PAGE_TEXT, THREAD_TEXT, type Thread } from '@enclave/protocol';
import { Crown, Folder, Lock } from 'lucide-react';
import { RouterLink } from '../components/router-link.tsx';
import { badge } from './badge.css.ts';

interface CategoryLinkProps {
  category: Thread['category'];
  className: string;
  /** The look of 'Unknown Category', shown when the thread has none. */
  unknownClassName: string;
}

/** Spec 000 §2: a thread's category, linking to /category/{id}. */
export function CategoryLink({ category, className, unknownClassName }: CategoryLinkProps) {
  if (!category) return <span className={unknownClassName}>{THREAD_TEXT.unknownCategory}</span>;
  return (
    <RouterLink to="/category/$id" params={{ id: String(category.id) }} className={className}>
      <Folder size={12} aria-hidden />
      {category.name}
    </RouterLink>
  );
}

/** 'Premium', with the cost in coins where there is room for it. */
export function PremiumBadge({ cost, className }: { cost?: number | null; className?: string }) {
  return (
    <span className={className ? `${badge.premium} ${className}` : badge.premium}>
      <Crown size={12} aria-hidden />
      Premium{cost != null && ` · ${FORUM_PAGE_TEXT.coins(cost)}`}
    </span>
  );
}

export function PrivateBadge() {
  return (
    <span className={badge.private}>
      <Lock size={12} aria-hidden />
      Private
    </span>
  );
}
