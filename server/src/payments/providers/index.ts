import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.ts';
import { nowPaymentsProvider } from './nowpayments.ts';
import type { PaymentProvider } from './provider.ts';
import { selfCustodyProvider } from './self-custody.ts';

// One provider per app: keyed by its configuration, which every encapsulated plugin shares.
const providers = new WeakMap<AppConfig, PaymentProvider>();

/** The provider PAYMENT_PROVIDER names: self-custody (the default, no keys) or nowpayments. */
export function paymentProvider(app: FastifyInstance): PaymentProvider {
  let provider = providers.get(app.config);
  if (!provider) {
    provider = app.config.PAYMENT_PROVIDER === 'nowpayments' ? nowPaymentsProvider(app) : selfCustodyProvider(app);
    providers.set(app.config, provider);
  }
  return provider;
}
