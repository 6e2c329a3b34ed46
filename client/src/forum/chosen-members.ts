import { api } from '@enclave/protocol';
import { useQuery } from '@tanstack/react-query';
import { call } from '../api/client.ts';
import type { ChosenMember } from './member-picker.tsx';

/** The names behind a private thread's member ids, for the edit form; an account deleted since drops out. */
export function useChosenMembers(ids: number[] | undefined) {
  return useQuery({
    queryKey: ['chosen-members', ...(ids ?? [])],
    queryFn: async (): Promise<ChosenMember[]> => {
      const found = await Promise.all(
        (ids ?? []).map((id) => call(api.userById, { params: { id }, silent: true }).catch(() => null)),
      );
      return found.flatMap((user) => (user ? [{ id: user.id, username: user.username }] : []));
    },
    enabled: ids !== undefined,
  });
}
