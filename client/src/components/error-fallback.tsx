import { PAGE_TEXT } from '@enclave/protocol';
import { TriangleAlert } from 'lucide-react';
import { Button } from './button.tsx';
import { statementTitle } from './card.css.ts';
import * as styles from './error-fallback.css.ts';

/** Spec 000 §2 error fallback; Refresh is a hard navigation so a broken app state is dropped. */
export function ErrorFallback({ error }: { error: unknown }) {
  const message = error instanceof Error && error.message ? error.message : PAGE_TEXT.unknownError;
  return (
    <div className={styles.screen}>
      <div className={styles.card} role="alert">
        <TriangleAlert className={styles.icon} size={40} aria-hidden />
        <h1 className={statementTitle}>{PAGE_TEXT.errorTitle}</h1>
        <p className={styles.body}>{PAGE_TEXT.errorBody}</p>
        <p className={styles.detail}>{message}</p>
        <Button onPress={() => window.location.assign('/')}>Refresh Application</Button>
      </div>
    </div>
  );
}
