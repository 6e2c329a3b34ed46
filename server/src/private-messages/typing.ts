import { LIMITS, PRESENCE, rooms } from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';
import type { RealtimeServer } from '../realtime/server.ts';
import { messageableRecipient } from './may-message.ts';

/** The name a writing tab addresses, or null for any other packet. */
function addressee(payload: unknown): string | null {
  const name = (payload as { toUsername?: unknown } | null)?.toUsername;
  if (typeof name !== 'string') return null;
  const trimmed = name.trim();
  return trimmed.length > 0 && trimmed.length <= LIMITS.usernameMax ? trimmed : null;
}

/**
 * "… is typing": a member's tab says it is writing to a member (by name, as the compose dialog addresses them); the
 * server tells that member's tabs only if a message could be sent (sending's own check: not muted, not to
 * themselves, a live member, no block either way), at most once a second per tab, and nothing is stored. A stop,
 * or the tab's socket dropping, tells them it stopped. The flood limit bounds what a tab may send at all.
 */
export function relayTyping(app: FastifyInstance, io: RealtimeServer) {
  io.on('connection', (socket) => {
    const senderId = socket.data.userId;
    if (senderId === null) return;
    /** Whom this tab was last relayed as writing to: told when it stops, or when the tab goes away. */
    let writingTo: number | null = null;
    let lastRelayed = 0;
    // One packet after another: a stop must not overtake the typing packet it follows while that one is checked.
    let queue = Promise.resolve();
    const inOrder = (work: () => Promise<void>) => {
      queue = queue.then(work).catch((error: unknown) => app.log.warn({ err: error }, 'typing not relayed'));
    };
    const stop = () => {
      if (writingTo !== null) io.to(rooms.user(writingTo)).emit('message:typing-stopped', { fromUserId: senderId });
      writingTo = null;
      lastRelayed = 0;
    };
    const recipientNamed = async (name: string) => (await app.members.idByName(name)) ?? 0;

    socket.on('message:typing', (payload) => {
      const name = addressee(payload);
      const now = Date.now();
      if (name === null || now - lastRelayed < PRESENCE.typingRelayMinMs) return;
      lastRelayed = now;
      inOrder(async () => {
        const recipientId = await recipientNamed(name);
        const sender = await app.members.member(senderId);
        if (!sender || sender.deletedAt || sender.isBanned) return;
        try {
          await messageableRecipient(app, sender, recipientId);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          if (writingTo === recipientId) stop();
          return;
        }
        if (writingTo !== recipientId) stop();
        writingTo = recipientId;
        lastRelayed = now;
        io.to(rooms.user(recipientId)).emit('message:typing', { fromUserId: senderId, username: sender.username });
      });
    });
    socket.on('message:typing-stopped', (payload) => {
      const name = addressee(payload);
      if (name === null) return;
      inOrder(async () => {
        if (writingTo !== null && writingTo === (await recipientNamed(name))) stop();
      });
    });
    socket.on('disconnect', () => inOrder(async () => stop()));
  });
}
