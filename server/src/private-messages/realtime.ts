import { rooms } from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import type { RealtimeServer } from '../realtime/server.ts';

/**
 * A new message reaches every tab of the recipient with their new unread count, and every tab
 * of the sender for the Sent box; a first read updates the recipient's count everywhere and
 * tells both members' tabs (the sender's as a read receipt).
 */
export function dispatchPrivateMessageEvents(app: FastifyInstance, io: RealtimeServer) {
  app.events.on('message.sent', ({ sent, received, unreadCount }) => {
    const recipient = io.to(rooms.user(received.recipientId));
    recipient.emit('message:new', received);
    recipient.emit('message:unread', { unreadCount });
    io.to(rooms.user(sent.senderId)).emit('message:sent', sent);
  });
  app.events.on('message.read', ({ message, readAt, unreadCount }) => {
    const recipient = io.to(rooms.user(message.recipientId));
    recipient.emit('message:unread', { unreadCount });
    // The recipient's other tabs drop the New badge; the sender's tabs show the receipt.
    recipient.emit('message:read', { id: message.id, readAt });
    io.to(rooms.user(message.senderId)).emit('message:read', { id: message.id, readAt });
  });
}
