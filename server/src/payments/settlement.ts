import { PAYMENT_TEXT, type PaymentStatus } from '@enclave/protocol';
import { conflict } from '../errors.ts';
import { type Database, internalId, isDuplicateKey } from '../storage/index.ts';
import { move, type WalletContext } from '../wallet/ledger.ts';
import { paymentModels } from './models.ts';
import { closePayment } from './payment-keys.ts';
import type { PaymentOutcome, PaymentRecord } from './payment-model.ts';

/** The ledger key of a payment's credit: the same payment never credits twice. */
export const paymentCreditKey = (paymentId: string) => `payment:${paymentId}`;

/**
 * What recording a payment's status uses: its documents, and the domain event that tells its member's tabs (and
 * staff's) of the change (`payment.changed`). Crediting a finished payment moves coins too, with the whole
 * `WalletContext`. The app is both.
 */
export type PaymentStatusContext = Pick<WalletContext, 'mongo' | 'events'>;

/** Claims the payment's one outcome and answers the outcome that won, this one or an earlier one. */
async function claimOutcome(app: Database, claim: Omit<PaymentOutcome, 'createdAt'>): Promise<PaymentOutcome> {
  const outcome = { ...claim, createdAt: new Date() };
  try {
    await paymentModels(app).PaymentOutcome.create({ _id: claim.paymentId, ...outcome });
    return outcome;
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
    const won = await outcomeOf(app, claim.paymentId);
    if (!won) throw error;
    return won;
  }
}

const outcomeOf = (app: Database, paymentId: string) =>
  paymentModels(app).PaymentOutcome.findById(paymentId).lean<PaymentOutcome>();

async function setStatus(
  app: PaymentStatusContext,
  payment: PaymentRecord,
  status: PaymentStatus,
  fields: Partial<PaymentRecord> = {},
): Promise<PaymentRecord> {
  const updated = await paymentModels(app)
    .Payment.findOneAndUpdate(
      { _id: (payment as { _id?: unknown })._id ?? internalId(payment.id) },
      { $set: { status, ...fields } },
      { returnDocument: 'after' },
    )
    .lean<PaymentRecord>();
  const current = updated ?? payment;
  if (status !== 'waiting') await closePayment(app, payment.paymentId);
  if (payment.status !== status) app.events.publish('payment.changed', { payment: current });
  return current;
}

/**
 * The payment arrived: claim the `finished` outcome, credit the coins once through the ledger
 * (key `payment:{paymentId}`), then record it. Replays and concurrent calls land on the same
 * outcome and the same ledger key, so a payment credits exactly once; a retry after a crash
 * between the two writes completes the credit.
 */
export async function finishPayment(
  app: WalletContext,
  payment: PaymentRecord,
  decision: { decidedBy?: number | null; transactionHash?: string | null } = {},
): Promise<PaymentRecord> {
  const outcome = await claimOutcome(app, {
    paymentId: payment.paymentId,
    outcome: 'finished',
    decidedBy: decision.decidedBy ?? null,
    transactionHash: decision.transactionHash ?? null,
  });
  if (outcome.outcome !== 'finished') throw conflict(PAYMENT_TEXT.alreadyRejected);
  await move(app, {
    account: payment.userId,
    amount: payment.coins,
    key: paymentCreditKey(payment.paymentId),
    type: 'coin_purchase',
    reference: paymentCreditKey(payment.paymentId),
    receipt: {
      payAddress: payment.payAddress,
      payCurrency: payment.payCurrency,
      transactionHash: outcome.transactionHash ?? payment.transactionHash ?? null,
    },
  });
  return setStatus(app, payment, 'finished', {
    transactionHash: outcome.transactionHash ?? payment.transactionHash ?? null,
    decidedBy: outcome.decidedBy ?? null,
    decidedAt: outcome.createdAt,
  });
}

/** Staff rejected it: claim the `failed` outcome; nothing is credited, ever. */
export async function failPayment(
  app: PaymentStatusContext,
  payment: PaymentRecord,
  decidedBy: number,
): Promise<PaymentRecord> {
  const outcome = await claimOutcome(app, {
    paymentId: payment.paymentId,
    outcome: 'failed',
    decidedBy,
    transactionHash: null,
  });
  if (outcome.outcome !== 'failed') throw conflict(PAYMENT_TEXT.alreadyConfirmed);
  return setStatus(app, payment, 'failed', { decidedBy: outcome.decidedBy ?? null, decidedAt: outcome.createdAt });
}

/** A provider's status short of `finished` (partially_paid, failed, expired...): recorded unless decided. */
export async function recordStatus(
  app: PaymentStatusContext,
  payment: PaymentRecord,
  status: PaymentStatus,
  actuallyPaid: number | null,
): Promise<PaymentRecord> {
  if (await paymentModels(app).PaymentOutcome.exists({ _id: payment.paymentId })) return payment;
  const recorded = await setStatus(app, payment, status, actuallyPaid === null ? {} : { actuallyPaid });
  // An outcome decided between the check and the write wins: its status goes back on top.
  const won = await outcomeOf(app, payment.paymentId);
  return won ? setStatus(app, recorded, won.outcome) : recorded;
}
