import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { AppErrorBoundary } from './components/app-error-boundary.tsx';
import { ToastViewport } from './components/toast-viewport.tsx';
import { useFirstScreenDone } from './layout/first-screen.ts';
import { SocketProvider } from './realtime/socket-provider.tsx';
import type { AppRouter } from './router.tsx';

const LiveSync = lazy(() => import('./realtime/live-sync.tsx').then((module) => ({ default: module.LiveSync })));

export function App({ queryClient, router }: { queryClient: QueryClient; router: AppRouter }) {
  // The live cache updates need the socket, which comes after the first screen (layout/first-screen.ts).
  const isFirstScreenDone = useFirstScreenDone();
  return (
    <AppErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <SocketProvider>
          {isFirstScreenDone && (
            <Suspense fallback={null}>
              <LiveSync
                goToAuth={() => router.navigate({ to: '/auth' })}
                openThread={(id) => router.navigate({ to: '/thread/$id', params: { id: String(id) } })}
              />
            </Suspense>
          )}
          <RouterProvider router={router} />
        </SocketProvider>
        <ToastViewport />
      </QueryClientProvider>
    </AppErrorBoundary>
  );
}
