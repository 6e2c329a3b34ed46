import { api } from '@enclave/protocol';
import { useQuery } from '@tanstack/react-query';
import { call } from '../api/client.ts';
import type { ChosenMember } from './member-picker.tsx';

/**
 * The names behind a private thread's member ids, for the edit form: undefined while they load. An
 * account deleted since drops out.
 */
export function useChosenMembers(ids: number[] | undefined): ChosenMember[] | undefined {
  const wanted = ids ?? [];
  const members = useQuery({
    queryKey: ['chosen-members', ...wanted],
    queryFn: async (): Promise<ChosenMember[]> => {
      const found = await Promise.all(
        wanted.map((id) => call(api.userById, { params: { id }, silent: true }).catch(() => null)),
      );
      return found.flatMap((user) => (user ? [{ id: user.id, username: user.username }] : []));
    },
    enabled: wanted.length > 0,
  });
  return wanted.length > 0 ? members.data : [];
}
