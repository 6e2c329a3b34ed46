import { LoaderCircle } from 'lucide-react';
import { visuallyHidden } from '../styles/utilities.css.ts';
import * as styles from './page-spinner.css.ts';

/** Shown while a page's code or data loads. */
export function PageSpinner() {
  return (
    <div className={styles.container} role="status">
      <LoaderCircle className={styles.icon} size={36} aria-hidden />
      <span className={visuallyHidden}>Loading…</span>
    </div>
  );
}
