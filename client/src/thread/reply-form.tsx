import { THREAD_PAGE_TEXT } from '@enclave/protocol';
import { LogIn } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { LinkButton } from '../components/button.tsx';
import { useFirstScreenDone } from '../layout/first-screen.ts';
import { useSession } from '../session/use-session.ts';
import { actions, card, cardTitle } from './thread.css.ts';

/**
 * The editor and the reply's schema check (react-aria's text field among them, some 35 files) load once the first
 * screen is there (layout/first-screen.ts): the form sits below the thread and its replies.
 */
const ReplyEditor = lazy(() => import('./reply-editor.tsx').then((module) => ({ default: module.ReplyEditor })));

/** Spec 001 §2 and §5: 'Leave a Reply' for members (content required), 'Login to Reply' for visitors. */
export function ReplyForm({ threadId }: { threadId: number }) {
  const { user } = useSession();
  const isFirstScreenDone = useFirstScreenDone();
  return (
    <section className={card} aria-labelledby="reply-form-title">
      <h2 id="reply-form-title" className={cardTitle}>
        {THREAD_PAGE_TEXT.leaveReply}
      </h2>
      {user ? (
        isFirstScreenDone && (
          <Suspense fallback={null}>
            <ReplyEditor threadId={threadId} />
          </Suspense>
        )
      ) : (
        <div className={actions}>
          <LinkButton to="/auth" variant="secondary">
            <LogIn size={16} aria-hidden />
            {THREAD_PAGE_TEXT.loginToReply}
          </LinkButton>
        </div>
      )}
    </section>
  );
}
