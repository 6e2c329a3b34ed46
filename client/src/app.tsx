import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { lazy, Suspense, useEffect } from 'react';
import { AppErrorBoundary } from './components/app-error-boundary.tsx';
import { ToastViewport } from './components/toast-viewport.tsx';
import { firstPageCommitted, useFirstScreenDone } from './layout/first-screen.ts';
import { SocketProvider } from './realtime/socket-provider.tsx';
import type { AppRouter } from './router.tsx';

const LiveSync = lazy(() => import('./realtime/live-sync.tsx').then((module) => ({ default: module.LiveSync })));

/**
 * The live cache updates, which need the socket, once the first screen is there (layout/first-screen.ts). Their own
 * component: the App above does not render again then, which would make React walk the whole page.
 */
function LiveSyncAfterFirstScreen({ router }: { router: AppRouter }) {
  const isFirstScreenDone = useFirstScreenDone();
  return (
    isFirstScreenDone && (
      <Suspense fallback={null}>
        <LiveSync
          goToAuth={() => router.navigate({ to: '/auth' })}
          openThread={(id) => router.navigate({ to: '/thread/$id', params: { id: String(id) } })}
        />
      </Suspense>
    )
  );
}

export function App({ queryClient, router }: { queryClient: QueryClient; router: AppRouter }) {
  // The App's effect runs after the whole first page's commit, its children's effects first.
  useEffect(firstPageCommitted, []);
  return (
    <AppErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <SocketProvider>
          <LiveSyncAfterFirstScreen router={router} />
          <RouterProvider router={router} />
        </SocketProvider>
        <ToastViewport />
      </QueryClientProvider>
    </AppErrorBoundary>
  );
}
