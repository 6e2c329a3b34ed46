import { api } from '@enclave/protocol';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../api/client.ts';

/** A member as anyone may see them (GET /api/users/:id): a member page, a thread card's author. Silent: the page says it. */
export const memberQuery = (id: number) =>
  queryOptions({
    queryKey: [api.usersById.url, id],
    queryFn: ({ signal }) => call(api.usersById, { params: { id }, signal, silent: true }),
  });
