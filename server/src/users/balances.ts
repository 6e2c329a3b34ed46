import type { FastifyInstance } from 'fastify';
import { internalId, updateDocument } from '../storage/index.ts';
import { userModels } from './models.ts';

/**
 * The member document keeps a copy of the coin balance, for lists of many members (the ledger stays the truth and
 * decides): the users domain writes it from the wallet's event, the wallet never writes members. A failure
 * changes nothing that matters, and is logged.
 */
export function copyBalances(app: FastifyInstance): void {
  app.events.on('wallet.balance', ({ userId, balance }) => {
    app.afterwards('cached balance not written', () =>
      updateDocument(userModels(app).User, internalId(userId), { $set: { coinBalance: balance } }),
    );
  });
}
