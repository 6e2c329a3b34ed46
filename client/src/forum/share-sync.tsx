import { FORUM_PAGE_TEXT } from '@enclave/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { listen } from '../realtime/listen.ts';
import { useSocket } from '../realtime/socket-provider.tsx';
import { toast } from '../stores/toast-store.ts';
import { refreshForumLists } from './forum-queries.ts';

/**
 * A private thread now opens for this member: it joins their lists, and a toast offers to open it.
 * Mounted beside the router, not inside it, so the opening comes from the app.
 */
export function ShareSync({ openThread }: { openThread: (id: number) => void }) {
  const socket = useSocket();
  const queryClient = useQueryClient();

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
              onPress: () => openThread(threadId),
            },
          });
        },
      }),
    [socket, queryClient, openThread],
  );
  return null;
}
