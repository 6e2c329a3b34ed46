import { rooms } from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import type { RealtimeServer } from '../realtime/server.ts';
import { presentPayment, presentStaffPayment } from './presenter.ts';

/** A payment's changes go to its member's tabs; self-custody ones also to staff, whose queue they change. */
export function dispatchPaymentEvents(app: FastifyInstance, io: RealtimeServer) {
  app.events.on('payment.changed', ({ payment }) => {
    io.to(rooms.user(payment.userId)).emit('wallet:payment', presentPayment(app, payment));
    if (payment.provider !== 'self-custody') return;
    app.afterwards('could not push a payment to staff', async () => {
      io.to(rooms.staff).emit('admin:payment', await presentStaffPayment(app, payment));
    });
  });
}
