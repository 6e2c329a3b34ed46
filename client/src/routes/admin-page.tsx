import { SKELETON_ROWS } from '@enclave/protocol';
import * as page from '../components/page.css.ts';
import { LoadingRows } from '../components/skeleton.tsx';

export function AdminPage() {
  return (
    <div className={page.stack}>
      <h1 className={page.title}>Admin Console</h1>
      <LoadingRows rows={SKELETON_ROWS.list} label="Loading admin console" />
    </div>
  );
}
