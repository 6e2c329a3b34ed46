import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { createQueryClient } from '../api/query-client.ts';
import { createAppRouter } from '../router.tsx';

/** Answers every API call as for a visitor: 401 Unauthorized. */
export function stubSignedOut() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ message: 'You must be logged in', code: 'UNAUTHENTICATED' }, { status: 401 })),
  );
}

/** The real route tree and shell at `path`, without the socket connection. */
export function renderApp(path: string) {
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [path] }) });
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, ...view };
}
