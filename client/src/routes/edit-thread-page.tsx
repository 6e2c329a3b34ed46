import { SKELETON_ROWS, THREAD_PAGE_TEXT, THREAD_TEXT } from '@enclave/protocol';
import { useNavigate, useParams } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import * as page from '../components/page.css.ts';
import { RouterLink } from '../components/router-link.tsx';
import { LoadingRows } from '../components/skeleton.tsx';
import { useChosenMembers } from '../forum/chosen-members.ts';
import { useCategories } from '../forum/forum-queries.ts';
import { useSession } from '../session/use-session.ts';
import { toast } from '../stores/toast-store.ts';
import { EditThreadForm } from '../thread/edit-thread-form.tsx';
import { card, cardTitle, muted } from '../thread/thread.css.ts';
import { useThread } from '../thread/thread-queries.ts';
import { recordIdOf } from './record-id.ts';

/** Spec 001 §2: /edit-thread/{id}, for admins; anyone else is told so and sent home. */
export function EditThreadPage() {
  const { id } = useParams({ from: '/edit-thread/$id' });
  const threadId = recordIdOf(id);
  const { user } = useSession();
  const navigate = useNavigate();
  const mayEdit = Boolean(user?.abilities.canEditThreads);
  const thread = useThread(threadId, mayEdit);
  const categories = useCategories();
  const members = useChosenMembers(thread.data?.allowedUserIds);

  useEffect(() => {
    if (user && !user.abilities.canEditThreads) {
      toast({ variant: 'destructive', title: THREAD_TEXT.editDenied });
      void navigate({ to: '/', replace: true });
    }
  }, [user, navigate]);

  if (!mayEdit) return null;
  return (
    <div className={page.stack}>
      <RouterLink to="/thread/$id" params={{ id }} className={page.backLink}>
        <ArrowLeft size={16} aria-hidden />
        Back to Thread
      </RouterLink>
      <header className={page.header}>
        <h1 className={page.title}>Edit Thread</h1>
        {thread.data && <p className={page.lead}>{thread.data.title}</p>}
      </header>
      {thread.isPending && <LoadingRows rows={SKELETON_ROWS.list} label="Loading thread" />}
      {thread.isError && (
        <section className={card} role="alert">
          <h2 className={cardTitle}>{THREAD_PAGE_TEXT.loadErrorTitle}</h2>
          <p>{THREAD_PAGE_TEXT.loadFailed}</p>
          <p className={muted}>{thread.error.message}</p>
        </section>
      )}
      {thread.isSuccess && members && (
        <EditThreadForm
          key={thread.data.id}
          thread={thread.data}
          members={members}
          categories={categories.data ?? null}
        />
      )}
    </div>
  );
}
