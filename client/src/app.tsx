import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { createQueryClient } from './api/query-client.ts';
import { AppErrorBoundary } from './components/app-error-boundary.tsx';
import { ToastViewport } from './components/toast-viewport.tsx';
import { SocketProvider } from './realtime/socket-provider.tsx';
import { createAppRouter } from './router.tsx';

const LiveSync = lazy(() => import('./realtime/live-sync.tsx').then((module) => ({ default: module.LiveSync })));

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createAppRouter(queryClient));
  return (
    <AppErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <SocketProvider>
          <Suspense fallback={null}>
            <LiveSync
              goToAuth={() => router.navigate({ to: '/auth' })}
              openThread={(id) => router.navigate({ to: '/thread/$id', params: { id: String(id) } })}
            />
          </Suspense>
          <RouterProvider router={router} />
        </SocketProvider>
        <ToastViewport />
      </QueryClientProvider>
    </AppErrorBoundary>
  );
}
