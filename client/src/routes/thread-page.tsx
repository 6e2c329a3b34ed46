import { SKELETON_ROWS, THREAD_PAGE_TEXT } from '@enclave/protocol';
import { useCanGoBack, useParams, useRouter } from '@tanstack/react-router';
import { ArrowLeft, Pencil, Trash2 } from 'lucide-react';
import { lazy, useState } from 'react';
import { ApiError } from '../api/api-error.ts';
import { Button, LinkButton } from '../components/button.tsx';
import { OnDemand } from '../components/on-demand.tsx';
import { LoadingRows, Skeleton } from '../components/skeleton.tsx';
import { useSession } from '../session/use-session.ts';
import { PremiumNotice } from '../thread/premium-notice.tsx';
import { premiumRequiredOf } from '../thread/premium-required.ts';
import { card, cardTitle, muted } from '../thread/thread.css.ts';
import * as styles from '../thread/thread-page.css.ts';
import { useThread } from '../thread/thread-queries.ts';
import { ThreadView } from '../thread/thread-view.tsx';
import { useThreadLive } from '../thread/use-thread-live.ts';
import { NotFoundPage } from './not-found-page.tsx';
import { recordIdOf } from './record-id.ts';

const DeleteThreadDialog = lazy(() =>
  import('../thread/delete-thread-dialog.tsx').then((module) => ({ default: module.DeleteThreadDialog })),
);

/** Spec 001 §2: /thread/{id}. */
export function ThreadPage() {
  const { id } = useParams({ from: '/thread/$id' });
  const threadId = recordIdOf(id);
  // A new id is a new page: no dialog or unlock state carries over.
  return <ThreadScreen key={threadId} threadId={threadId} />;
}

function ThreadScreen({ threadId }: { threadId: number }) {
  const { user, isLoading } = useSession();
  const thread = useThread(threadId);
  useThreadLive(threadId, thread.isSuccess);
  const [isDeleteOpen, setDeleteOpen] = useState(false);
  // No such thread, or a private one the viewer may not know of: the server answers both alike, and so does the page.
  if (thread.error instanceof ApiError && thread.error.status === 404) {
    return <NotFoundPage message={THREAD_PAGE_TEXT.notAvailable} />;
  }
  // The thread's own abilities: what the server offers on this thread's page (the console has its own).
  const mayEdit = thread.data?.abilities?.canEdit === true;
  const mayDelete = thread.data?.abilities?.canDelete === true;

  return (
    <div className={styles.page}>
      <div className={styles.toolbar}>
        <BackButton />
        {(mayEdit || mayDelete) && (
          <div className={styles.adminActions}>
            {mayEdit && (
              <LinkButton to="/edit-thread/$id" params={{ id: String(threadId) }} variant="secondary" size="sm">
                <Pencil size={16} aria-hidden />
                Edit Thread
              </LinkButton>
            )}
            {mayDelete && (
              <Button variant="destructive" size="sm" onPress={() => setDeleteOpen(true)}>
                <Trash2 size={16} aria-hidden />
                Delete Thread
              </Button>
            )}
          </div>
        )}
      </div>
      <ThreadContent thread={thread} isLoadingUser={isLoading} viewer={user} />
      {mayDelete && thread.data && (
        <OnDemand isOpen={isDeleteOpen}>
          <DeleteThreadDialog thread={thread.data} isOpen={isDeleteOpen} onOpenChange={setDeleteOpen} />
        </OnDemand>
      )}
    </div>
  );
}

function ThreadContent({
  thread,
  isLoadingUser,
  viewer,
}: {
  thread: ReturnType<typeof useThread>;
  isLoadingUser: boolean;
  viewer: ReturnType<typeof useSession>['user'];
}) {
  if (thread.isError) {
    const offer = premiumRequiredOf(thread.error);
    if (offer) return <PremiumNotice offer={offer} message={thread.error.message} />;
    return <LoadError message={thread.error.message} />;
  }
  if (thread.isPending) return <ThreadSkeleton />;
  if (isLoadingUser) return <ThreadSkeleton />;
  return <ThreadView thread={thread.data} viewer={viewer} />;
}

function BackButton() {
  const router = useRouter();
  const canGoBack = useCanGoBack();
  return (
    <Button
      variant="ghost"
      size="sm"
      onPress={() => (canGoBack ? router.history.back() : router.navigate({ to: '/' }))}
    >
      <ArrowLeft size={16} aria-hidden />
      Back
    </Button>
  );
}

function LoadError({ message }: { message: string }) {
  return (
    <section className={card} role="alert" aria-labelledby="thread-error-title">
      <h1 id="thread-error-title" className={cardTitle}>
        {THREAD_PAGE_TEXT.loadErrorTitle}
      </h1>
      <p>{THREAD_PAGE_TEXT.loadFailed}</p>
      <p className={muted}>{message}</p>
    </section>
  );
}

function ThreadSkeleton() {
  return (
    <>
      <div className={`${card} ${styles.loadingTitle}`}>
        <Skeleton width="60%" height="2rem" />
        <Skeleton width="35%" />
        <Skeleton />
        <Skeleton width="85%" />
      </div>
      <LoadingRows rows={SKELETON_ROWS.replies} label="Loading replies" />
    </>
  );
}
