import type { mongo } from 'mongoose';
import type { Database } from '../storage/index.ts';
import { paymentModels } from './models.ts';
import { paymentCreditKey } from './settlement.ts';

/**
 * The payments in a backup whose coins were credited, by the ledger key of their credit: finished, or decided
 * finished (a crash may come between the two). From the backup's documents by collection name (as its file names
 * them); the restore's coin check allows a coin purchase only for one of these.
 */
export function backedUpConfirmedPayments(
  database: Database,
  documentsOf: (collection: string) => mongo.Document[],
): Map<string, mongo.Document> {
  const { Payment, PaymentOutcome } = paymentModels(database);
  const outcomes = documentsOf(PaymentOutcome.collection.collectionName);
  const finished = new Set(outcomes.filter((o) => o.outcome === 'finished').map((o) => String(o.paymentId)));
  return new Map(
    documentsOf(Payment.collection.collectionName)
      .filter((p) => p.status === 'finished' || finished.has(String(p.paymentId)))
      .map((p) => [paymentCreditKey(String(p.paymentId)), p]),
  );
}
