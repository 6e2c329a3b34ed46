import { LIMITS, PRESENCE } from '@enclave/protocol';
import { useEffect, useRef } from 'react';
import { useSocket } from '../realtime/socket-provider.tsx';

/**
 * Tells the member a message is addressed to that it is being written: at most every 3 s while the text changes,
 * and a stop when it is emptied, addressed to someone else, or the dialog closes (sent or cancelled). It watches the
 * form's values, not an input element, so whichever editor writes the text, it works.
 */
export function useTypingSignal(toUsername: string, text: string) {
  const socket = useSocket();
  const lastSent = useRef(0);
  const name = toUsername.trim();
  const writing = text.trim() !== '' && name.length >= LIMITS.usernameMin;

  useEffect(() => {
    if (!socket || text.trim() === '' || name.length < LIMITS.usernameMin) return;
    const now = Date.now();
    if (now - lastSent.current < PRESENCE.typingEveryMs) return;
    lastSent.current = now;
    socket.emit('message:typing', { toUsername: name });
  }, [socket, name, text]);

  useEffect(() => {
    if (!socket || !writing) return;
    return () => {
      lastSent.current = 0;
      socket.emit('message:typing-stopped', { toUsername: name });
    };
  }, [socket, name, writing]);
}
