import { SKELETON_ROWS } from '@enclave/protocol';
import * as page from '../components/page.css.ts';
import { LoadingRows } from '../components/skeleton.tsx';

export function MessagesPage() {
  return (
    <div className={page.stack}>
      <h1 className={page.title}>Messages</h1>
      <LoadingRows rows={SKELETON_ROWS.list} label="Loading messages" />
    </div>
  );
}
