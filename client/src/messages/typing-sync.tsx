import { useEffect } from 'react';
import { listen } from '../realtime/listen.ts';
import { useSocket } from '../realtime/socket-provider.tsx';
import { typingStarted, typingStopped } from './typing.ts';

/** Keeps "… is typing" current in this tab; mounted once, inside the socket provider. */
export function TypingSync() {
  const socket = useSocket();
  useEffect(
    () =>
      listen(socket, {
        'message:typing': typingStarted,
        'message:typing-stopped': ({ fromUserId }) => typingStopped(fromUserId),
        // Their message arrived: they are done writing it.
        'message:new': (message) => typingStopped(message.senderId),
      }),
    [socket],
  );
  return null;
}
