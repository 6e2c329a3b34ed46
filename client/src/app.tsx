import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { useState } from 'react';
import { AdminSync } from './admin/admin-sync.tsx';
import { createQueryClient } from './api/query-client.ts';
import { AppErrorBoundary } from './components/app-error-boundary.tsx';
import { ToastViewport } from './components/toast-viewport.tsx';
import { MessageSync } from './messages/message-sync.tsx';
import { SocketProvider } from './realtime/socket-provider.tsx';
import { createAppRouter } from './router.tsx';
import { SessionSync } from './session/session-sync.tsx';
import { WalletSync } from './wallet/wallet-sync.tsx';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createAppRouter);
  return (
    <AppErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <SocketProvider>
          <SessionSync goToAuth={() => router.navigate({ to: '/auth' })} />
          <MessageSync />
          <WalletSync />
          <AdminSync />
          <RouterProvider router={router} />
        </SocketProvider>
        <ToastViewport />
      </QueryClientProvider>
    </AppErrorBoundary>
  );
}
