import { rooms } from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import type { RealtimeServer } from '../realtime/server.ts';
import { presentPayment, presentStaffPayment } from './presenter.ts';

/** A payment's changes go to its member's tabs; self-custody ones also to staff, whose queue they change. */
export function dispatchPaymentEvents(app: FastifyInstance, io: RealtimeServer) {
  app.events.on('payment.changed', ({ payment }) => {
    io.to(rooms.user(payment.userId)).emit('wallet:payment', presentPayment(app, payment));
    if (payment.provider !== 'self-custody') return;
    presentStaffPayment(app, payment)
      .then((view) => io.to(rooms.staff).emit('admin:payment', view))
      .catch((error: unknown) => app.log.error({ err: error }, 'could not push a payment to staff'));
  });
}
