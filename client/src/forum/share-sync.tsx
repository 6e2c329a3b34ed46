import { FORUM_PAGE_TEXT } from '@enclave/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { listen } from '../realtime/listen.ts';
import { useSocket } from '../realtime/socket-provider.tsx';
import { toast } from '../stores/toast-store.ts';
import { refreshForumLists } from './forum-queries.ts';

/** A private thread now opens for this member: it joins their lists, and a toast offers to open it. */
export function ShareSync() {
  const socket = useSocket();
  const queryClient = useQueryClient();
  const router = useRouter();

  useEffect(
    () =>
      listen(socket, {
        'thread:shared': ({ threadId, title }) => {
          refreshForumLists(queryClient);
          toast({
            title: FORUM_PAGE_TEXT.sharedWithYouTitle,
            description: title,
            action: {
              label: FORUM_PAGE_TEXT.openSharedThread,
              onPress: () => void router.navigate({ to: '/thread/$id', params: { id: String(threadId) } }),
            },
          });
        },
      }),
    [socket, queryClient, router],
  );
  return null;
}
