import type { CryptoWalletSettings } from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import { logModeration } from '../moderation/log.ts';
import { saveReceivingAddresses } from '../payments/receiving-addresses.ts';
import type { UserRecord } from '../users/user-model.ts';

/**
 * The settings tab's save of the receiving addresses (the spec's "crypto wallets"): the payments domain checks every
 * address (spec 001 §5) before writing any.
 */
export async function updateReceivingAddresses(
  app: FastifyInstance,
  actor: UserRecord,
  settings: CryptoWalletSettings,
): Promise<CryptoWalletSettings> {
  const saved = await saveReceivingAddresses(app, settings, actor.id);
  await logModeration(app, {
    actorId: actor.id,
    action: 'wallets.update',
    targetType: 'wallets',
    details: { addresses: Object.fromEntries(Object.entries(saved).map(([code, setting]) => [code, setting.address])) },
  });
  return saved;
}
