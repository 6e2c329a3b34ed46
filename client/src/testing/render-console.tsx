import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { useAdminEvents } from '../admin/admin-sync.tsx';
import { createQueryClient } from '../api/query-client.ts';
import { type ForumSocket, SocketContext, socketSource } from '../realtime/socket-provider.tsx';
import { createAppRouter } from '../router.tsx';
import { PANEL_LOADING } from '../routes/admin-page.tsx';
import type { AdminTab } from '../routes/admin-tabs.ts';
import { STATS } from './admin.ts';
import { FakeSocket } from './fake-socket.ts';
import { aMember, json, mockApi } from './mock-api.ts';

type Routes = Parameters<typeof mockApi>[0];

function AdminEvents({ socket }: { socket: ForumSocket }) {
  useAdminEvents(socket);
  return null;
}

export const anAdmin = () => aMember({ id: 1, username: 'admin', isAdmin: true });
export const aModerator = () => aMember({ id: 2, username: 'moderator', isModerator: true });

/**
 * The real app at /admin?tab=…, signed in as `user` (an admin by default), with a fake socket whose
 * staff events reach the console's cache as in the app. The header's reads answer unless `routes` says otherwise.
 */
export async function renderConsole(
  tab: AdminTab,
  routes: Routes = {},
  { user = anAdmin() }: { user?: ReturnType<typeof aMember> } = {},
) {
  const fetchMock = mockApi({
    'GET /api/user': json(user),
    'GET /api/admin/stats': json(STATS),
    'GET /api/admin/unapproved-threads': json([]),
    'GET /api/admin/reports': json([]),
    ...routes,
  });
  const socket = new FakeSocket();
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient, {
    history: createMemoryHistory({ initialEntries: [`/admin?tab=${tab}`] }),
  });
  render(
    <QueryClientProvider client={queryClient}>
      <SocketContext value={socketSource(socket.asSocket())}>
        <AdminEvents socket={socket.asSocket()} />
        <RouterProvider router={router} />
      </SocketContext>
    </QueryClientProvider>,
  );
  // The first render loads the lazy page's chunk, which takes a while when the whole suite runs.
  await screen.findByRole('heading', { name: 'Admin Console' }, { timeout: 10_000 });
  // Then the panel's own chunk.
  await waitFor(() => expect(screen.queryByText(PANEL_LOADING)).toBeNull(), { timeout: 10_000 });
  const push: FakeSocket['push'] = (...args) => act(() => socket.push(...args));
  return { fetchMock, queryClient, router, socket, push, user: userEvent.setup() };
}
