import type { ReactNode } from 'react';
import * as styles from './modal-dialog.css.ts';

/**
 * A dialog's or a form's buttons, in a row on the right. Its own module, apart from modal-dialog.tsx: a page form
 * (FormActions) uses it without loading react-aria's dialog (some 30 KB compressed).
 */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>;
}
