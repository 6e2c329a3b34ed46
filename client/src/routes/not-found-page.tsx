import { PAGE_TEXT } from '@enclave/protocol';
import { useLocation, useRouter } from '@tanstack/react-router';
import { ArrowLeft, House, SearchX } from 'lucide-react';
import { Button, LinkButton } from '../components/button.tsx';
import { statementTitle } from '../components/card.css.ts';
import * as styles from '../components/error-fallback.css.ts';

/**
 * Spec 000 §2's not-found page; `message` replaces its text where the page knows better what was missing (a thread
 * that does not exist or is not shared with the viewer, told alike).
 */
export function NotFoundPage({ message = PAGE_TEXT.notFoundBody }: { message?: string }) {
  const router = useRouter();
  const path = useLocation({ select: (location) => location.pathname });
  return (
    <div className={styles.screen}>
      <div className={styles.card}>
        <SearchX className={styles.mutedIcon} size={40} aria-hidden />
        <h1 className={statementTitle}>{PAGE_TEXT.notFoundTitle}</h1>
        <p className={styles.body}>{message}</p>
        <code className={styles.detail}>{path}</code>
        <div className={styles.actions}>
          <Button variant="secondary" onPress={() => router.history.back()}>
            <ArrowLeft size={16} aria-hidden />
            Go Back
          </Button>
          <LinkButton to="/">
            <House size={16} aria-hidden />
            Home
          </LinkButton>
        </div>
      </div>
    </div>
  );
}
