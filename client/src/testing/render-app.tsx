import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { createQueryClient } from '../api/query-client.ts';
import { type ForumSocket, SocketContext, socketSource } from '../realtime/socket-provider.tsx';
import { createAppRouter } from '../router.tsx';

/** Answers every API call as for a visitor: 401 Unauthorized. */
export function stubSignedOut() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ message: 'You must be logged in', code: 'UNAUTHENTICATED' }, { status: 401 })),
  );
}

/** The real route tree and shell at `path`, with no socket (as while it loads) unless given a (fake) one. */
export function renderApp(path: string, options: { socket?: ForumSocket } = {}) {
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient, { history: createMemoryHistory({ initialEntries: [path] }) });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <SocketContext value={socketSource(options.socket ?? null)}>
        <RouterProvider router={router} />
      </SocketContext>
    </QueryClientProvider>,
  );
  return { router, queryClient, ...view };
}
