import type { CryptoWalletSettings } from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import { logModeration } from '../moderation/log.ts';
import { saveWalletSettings } from '../payments/wallet-settings.ts';
import type { UserRecord } from '../users/user-model.ts';

/** The settings tab's save: the payments domain checks every address (spec 001 §5) before writing any. */
export async function saveCryptoWallets(
  app: FastifyInstance,
  actor: UserRecord,
  settings: CryptoWalletSettings,
): Promise<CryptoWalletSettings> {
  const saved = await saveWalletSettings(app, settings, actor.id);
  await logModeration(app, {
    actorId: actor.id,
    action: 'wallets.update',
    targetType: 'wallets',
    details: { addresses: Object.fromEntries(Object.entries(saved).map(([code, setting]) => [code, setting.address])) },
  });
  return saved;
}
