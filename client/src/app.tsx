import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { useState } from 'react';
import { createQueryClient } from './api/query-client.ts';
import { AppErrorBoundary } from './components/app-error-boundary.tsx';
import { ToastViewport } from './components/toast-viewport.tsx';
import { SocketProvider } from './realtime/socket-provider.tsx';
import { createAppRouter } from './router.tsx';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createAppRouter);
  return (
    <AppErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <SocketProvider>
          <RouterProvider router={router} />
        </SocketProvider>
        <ToastViewport />
      </QueryClientProvider>
    </AppErrorBoundary>
  );
}
