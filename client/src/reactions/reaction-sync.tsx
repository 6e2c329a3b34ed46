import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { listen } from '../realtime/listen.ts';
import { useSocket } from '../realtime/socket-provider.tsx';
import { applyReactionChange } from './reaction-cache.ts';

/**
 * Reactions follow live wherever this tab holds them: a thread's and its replies' arrive while its page watches the
 * thread's room, a message's to its two members' tabs.
 */
export function ReactionSync() {
  const socket = useSocket();
  const queryClient = useQueryClient();
  useEffect(
    () => listen(socket, { 'reaction:changed': (changed) => applyReactionChange(queryClient, changed) }),
    [socket, queryClient],
  );
  return null;
}
