import { PAGE_TEXT } from '@enclave/protocol';
import { useLocation, useRouter } from '@tanstack/react-router';
import { ArrowLeft, House, SearchX } from 'lucide-react';
import { Button, LinkButton } from '../components/button.tsx';
import { statementTitle } from '../components/card.css.ts';
import * as styles from '../components/error-fallback.css.ts';

export function NotFoundPage() {
  const router = useRouter();
  const path = useLocation({ select: (location) => location.pathname });
  return (
    <div className={styles.screen}>
      <div className={styles.card}>
        <SearchX className={styles.mutedIcon} size={40} aria-hidden />
        <h1 className={statementTitle}>{PAGE_TEXT.notFoundTitle}</h1>
        <p className={styles.body}>{PAGE_TEXT.notFoundBody}</p>
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
