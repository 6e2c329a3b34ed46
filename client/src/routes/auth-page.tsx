import * as page from '../components/page.css.ts';
import { PageSpinner } from '../components/page-spinner.tsx';

export function AuthPage() {
  return (
    <div className={page.stack}>
      <h1 className={page.title}>Login / Register</h1>
      <PageSpinner />
    </div>
  );
}
