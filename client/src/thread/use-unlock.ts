import { api, THREAD_PAGE_TEXT, THREAD_TEXT, type Thread, TIMINGS } from '@enclave/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { call } from '../api/client.ts';
import { SESSION_QUERY_KEY } from '../session/use-session.ts';
import { toast } from '../stores/toast-store.ts';
import { revealDiscussion } from './thread-cache.ts';
import { threadKey } from './thread-queries.ts';

/**
 * Spec 000 §4 unlock flow: first ask whether the discussion is already unlocked (then just reveal it);
 * otherwise, or if that check fails, confirm in the dialog. After paying, a premium sister thread
 * opens after 500 ms.
 */
export function useUnlock(thread: Pick<Thread, 'id' | 'unlockableCost'>) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isDialogOpen, setDialogOpen] = useState(false);
  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(redirect.current), []);

  const check = useMutation({
    mutationFn: () => call(api.checkUnlocked, { params: { id: thread.id }, silent: true }),
    onSuccess: (reply) => {
      if (reply.isUnlocked) revealDiscussion(queryClient, thread.id, reply.content);
      else setDialogOpen(true);
    },
    onError: () => setDialogOpen(true),
  });

  const unlock = useMutation({
    mutationFn: () =>
      call(api.unlock, {
        params: { id: thread.id },
        body: thread.unlockableCost ? { cost: thread.unlockableCost } : {},
        silent: true,
      }),
    onSuccess: (reply) => {
      void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      revealDiscussion(queryClient, thread.id, reply.content);
      setDialogOpen(false);
      toast({ title: reply.message });
      const sisterId = reply.sisterThreadId;
      if (sisterId !== null) {
        // The sister answered 402 before; it is readable now.
        void queryClient.invalidateQueries({ queryKey: threadKey(sisterId) });
        redirect.current = setTimeout(
          () => navigate({ to: '/thread/$id', params: { id: String(sisterId) } }),
          TIMINGS.redirectAfterUnlock,
        );
      }
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: THREAD_PAGE_TEXT.unlockFailed,
        description: error.message || THREAD_TEXT.unlockFailed,
      }),
  });

  const openChange = (open: boolean) => {
    setDialogOpen(open);
    if (!open) unlock.reset();
  };

  return { start: () => check.mutate(), isChecking: check.isPending, isDialogOpen, openChange, unlock };
}
