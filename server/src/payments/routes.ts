import { api } from '@enclave/protocol';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { member, staff, viewerOf } from '../auth/guards.ts';
import { steppedUp } from '../auth/step-up.ts';
import { fromContract } from '../http/contract-route.ts';
import { rateLimit } from '../http/rate-limits.ts';
import { COIN_PACKAGES } from './packages.ts';
import { presentPayment, presentStaffPayment, presentStaffPayments } from './presenter.ts';
import { paymentProvider } from './providers/index.ts';
import { usesDemoAddresses } from './receiving-addresses.ts';
import {
  assertSignedNotification,
  confirmPayment,
  createPayment,
  estimatePrice,
  findOwnPayment,
  handleNotification,
  listCurrencies,
  pendingPayments,
  rejectPayment,
} from './service.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const paymentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Fails start-up on a bad provider configuration instead of on the first purchase.
  paymentProvider(app);

  app.route({
    ...fromContract(api.paymentPackages),
    handler: async () => [...COIN_PACKAGES],
  });

  app.route({
    ...fromContract(api.paymentCurrencies),
    handler: async () => listCurrencies(app),
  });

  app.route({
    ...fromContract(api.estimatePayment),
    preHandler: [member, rateLimit(app, { name: 'payment-estimate', max: 30, windowMs: MINUTE, by: 'member' })],
    handler: async (request) => estimatePrice(app, request.body),
  });

  app.route({
    ...fromContract(api.createPayment),
    preHandler: [
      member,
      rateLimit(app, { name: 'payment-create-minute', max: 10, windowMs: MINUTE, by: 'member' }),
      rateLimit(app, { name: 'payment-create-hour', max: 60, windowMs: HOUR, by: 'member' }),
    ],
    handler: async (request, reply) => {
      const payment = await createPayment(app, viewerOf(request), request.body);
      return reply.status(201).send(presentPayment(app, payment));
    },
  });

  app.route({
    ...fromContract(api.payment),
    preHandler: member,
    handler: async (request) =>
      presentPayment(app, await findOwnPayment(app, viewerOf(request), request.params.paymentId)),
  });

  app.route({
    ...fromContract(api.paymentNotification),
    // The signature covers the body as sent: check it before validation may coerce anything.
    preValidation: async (request) => assertSignedNotification(app, request.body, request.headers['x-nowpayments-sig']),
    handler: async (request) => {
      await handleNotification(app, request.body);
      return { message: 'ok' };
    },
  });

  app.route({
    ...fromContract(api.pendingPayments),
    preHandler: staff,
    handler: async () => ({
      payments: await presentStaffPayments(app, await pendingPayments(app)),
      demoAddresses: await usesDemoAddresses(app),
    }),
  });

  app.route({
    ...fromContract(api.confirmPayment),
    preHandler: [staff, steppedUp],
    handler: async (request) =>
      presentStaffPayment(
        app,
        await confirmPayment(app, viewerOf(request), request.params.id, request.body.transactionHash),
      ),
  });

  app.route({
    ...fromContract(api.rejectPayment),
    preHandler: [staff, steppedUp],
    handler: async (request) =>
      presentStaffPayment(app, await rejectPayment(app, viewerOf(request), request.params.id)),
  });
};
