import type { FastifyInstance } from 'fastify';
import { internalId, updateDocument } from '../storage/index.ts';
import { userModels } from './models.ts';

/**
 * The member document keeps a copy of the coin balance, for lists of many members (the ledger stays the truth and
 * decides): the users domain writes it from the wallet's event, the wallet never writes members. A failure
 * changes nothing that matters, and is logged. One write per member at a time: balances told while one is written
 * are written once after it, the latest (a seller of twenty buyers at once is two writes of their document, not
 * twenty, each of which FerretDB reads and rewrites whole on its one writer).
 */
export function copyBalances(app: FastifyInstance): void {
  const copying = new Map<number, { latest: number }>();
  app.events.on('wallet.balance', ({ userId, balance }) => {
    const under = copying.get(userId);
    if (under) {
      under.latest = balance;
      return;
    }
    const copy = { latest: balance };
    copying.set(userId, copy);
    app.afterwards('cached balance not written', async () => {
      try {
        for (let written: number | null = null; written !== copy.latest; ) {
          written = copy.latest;
          await updateDocument(userModels(app).User, internalId(userId), { $set: { coinBalance: written } });
        }
      } finally {
        copying.delete(userId);
      }
    });
  });
}
