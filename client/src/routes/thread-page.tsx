import { SKELETON_ROWS } from '@enclave/protocol';
import { ArrowLeft } from 'lucide-react';
import * as page from '../components/page.css.ts';
import { RouterLink } from '../components/router-link.tsx';
import { LoadingRows, Skeleton } from '../components/skeleton.tsx';

export function ThreadPage() {
  return (
    <div className={page.stack}>
      <RouterLink to="/forums" className={page.backLink}>
        <ArrowLeft size={16} aria-hidden />
        Back
      </RouterLink>
      <Skeleton width="60%" height="2rem" />
      <LoadingRows rows={SKELETON_ROWS.replies} label="Loading thread" />
    </div>
  );
}
