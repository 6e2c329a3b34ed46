import { SKELETON_ROWS } from '@enclave/protocol';
import { ArrowLeft } from 'lucide-react';
import * as page from '../components/page.css.ts';
import { RouterLink } from '../components/router-link.tsx';
import { LoadingRows, Skeleton } from '../components/skeleton.tsx';

export function CategoryPage() {
  return (
    <div className={page.stack}>
      <RouterLink to="/forums" className={page.backLink}>
        <ArrowLeft size={16} aria-hidden />
        Back to forums
      </RouterLink>
      <Skeleton width="40%" height="2rem" />
      <LoadingRows rows={SKELETON_ROWS.list} label="Loading category" />
    </div>
  );
}
