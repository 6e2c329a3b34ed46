import type { ThreadReaders } from '@enclave/protocol';
import { useEffect, useState } from 'react';
import { listen } from '../realtime/listen.ts';
import { useSocket } from '../realtime/socket-provider.tsx';

/**
 * Who is reading the thread now, as its room last said (the page's socket watches it: `useThreadLive`), or null
 * before the first word. Packets counted on different server processes may cross: the newest count wins.
 */
export function useThreadReaders(threadId: number): ThreadReaders | null {
  const socket = useSocket();
  const [readers, setReaders] = useState<ThreadReaders | null>(null);
  useEffect(
    () =>
      listen(socket, {
        'thread:readers': (next) => {
          if (next.threadId !== threadId) return;
          setReaders((held) => (held && held.threadId === threadId && held.at > next.at ? held : next));
        },
      }),
    [socket, threadId],
  );
  return readers?.threadId === threadId ? readers : null;
}
