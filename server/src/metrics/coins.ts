import type { FastifyInstance } from 'fastify';
import { Counter, type Registry } from 'prom-client';
import type { EntryType } from '../wallet/ledger-model.ts';

/** Movements that create coins: bought with a payment, or granted by staff. */
const MINTING: ReadonlySet<EntryType> = new Set(['coin_purchase', 'admin_grant']);

/** Coins minted and moved, from the ledger's movements on members' accounts (`coins.moved`). */
export function countCoins(app: FastifyInstance, registry: Registry): void {
  const minted = new Counter({
    name: 'enclave_coins_minted_total',
    help: 'Coins created, by entry type (coin purchases and admin grants credited)',
    labelNames: ['type'] as const,
    registers: [registry],
  });
  const moved = new Counter({
    name: 'enclave_coins_moved_total',
    help: "Coins moved on members' accounts, by entry type (each side of a transfer counts)",
    labelNames: ['type'] as const,
    registers: [registry],
  });
  app.events.on('coins.moved', ({ entry }) => {
    moved.inc({ type: entry.type }, Math.abs(entry.amount));
    if (MINTING.has(entry.type) && entry.amount > 0) minted.inc({ type: entry.type }, entry.amount);
  });
}
