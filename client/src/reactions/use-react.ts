import { api, REACTION_TEXT, type ReactionKind } from '@enclave/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/api-error.ts';
import { call } from '../api/client.ts';
import { toast } from '../stores/toast-store.ts';
import { type ReactionRef, toggled, updateReactions } from './reaction-cache.ts';

/**
 * Adds or removes the viewer's reaction: shown at once, then set to what the server answered, or undone (with a
 * toast saying why) when it refused.
 */
export function useReact(ref: ReactionRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, on }: { kind: ReactionKind; on: boolean }) => {
      const params = { params: { target: ref.target, id: ref.id, kind } };
      return on ? call(api.react, params) : call(api.unreact, params);
    },
    onMutate: ({ kind, on }) => updateReactions(queryClient, ref, toggled(kind, on)),
    onSuccess: (summary) => updateReactions(queryClient, ref, () => summary),
    onError: (error, { kind, on }) => {
      updateReactions(queryClient, ref, toggled(kind, !on));
      toast({
        title: REACTION_TEXT.failed,
        description: error instanceof ApiError && error.status === 429 ? REACTION_TEXT.rateLimited : error.message,
        variant: 'destructive',
        topic: 'reaction',
      });
    },
  });
}
