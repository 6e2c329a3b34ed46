import { rooms } from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import type { RealtimeServer } from '../realtime/server.ts';

/** Every credit or debit pushes the new balance to all of the member's tabs. */
export function dispatchWalletEvents(app: FastifyInstance, io: RealtimeServer) {
  app.events.on('wallet.balance', ({ userId, balance }) => {
    io.to(rooms.user(userId)).emit('wallet:balance', { balance });
  });
}
