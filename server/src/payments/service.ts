import { randomUUID } from 'node:crypto';
import {
  type CreatePaymentBody,
  type EstimateBody,
  isPaymentCurrency,
  LIMITS,
  PAYMENT_STATUSES,
  PAYMENT_TEXT,
  type PaymentCurrency,
  type PaymentStatus,
  VALIDATION,
} from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import { badRequest, conflict, forbidden, notFound, unauthenticated } from '../errors.ts';
import { logModeration } from '../moderation/log.ts';
import { type Database, findByNumericId, type StorageContext } from '../storage/index.ts';
import type { UserRecord } from '../users/user-model.ts';
import type { WalletContext } from '../wallet/ledger.ts';
import { paymentModels } from './models.ts';
import { findPackage } from './packages.ts';
import { openPayments, paymentByPaymentId, recordPayment } from './payment-keys.ts';
import type { PaymentRecord } from './payment-model.ts';
import { paymentProvider } from './providers/index.ts';
import { isSignedNotification } from './providers/nowpayments.ts';
import type { PaymentProvider } from './providers/provider.ts';
import { failPayment, finishPayment, type PaymentStatusContext, recordStatus } from './settlement.ts';

async function supportedCurrency(provider: PaymentProvider, code: string): Promise<PaymentCurrency> {
  if (!isPaymentCurrency(code) || !(await provider.currencies()).includes(code)) {
    throw badRequest(PAYMENT_TEXT.currencyUnavailable(code), [
      { path: '/currency', message: PAYMENT_TEXT.currencyUnavailable(code) },
    ]);
  }
  return code;
}

export const listCurrencies = (app: FastifyInstance) => paymentProvider(app).currencies();

export async function estimatePrice(app: FastifyInstance, body: EstimateBody) {
  const provider = paymentProvider(app);
  return provider.estimate(body.amount, await supportedCurrency(provider, body.currency));
}

/** Opens a payment for a package: where to pay and how much, recorded before the member sees it. */
export async function createPayment(
  app: FastifyInstance,
  user: UserRecord,
  body: CreatePaymentBody,
  provider: PaymentProvider = paymentProvider(app),
): Promise<PaymentRecord> {
  const pkg = findPackage(body.packageId);
  if (!pkg) throw badRequest(VALIDATION.packageRequired, [{ path: '/packageId', message: VALIDATION.packageRequired }]);
  const currency = await supportedCurrency(provider, body.currency);
  const orderId = `enclave-${randomUUID()}`;
  const opened = await provider.create({
    orderId,
    priceUsd: pkg.price,
    currency,
    description: `${pkg.coins} Enclave coins (${pkg.name})`,
  });
  const payment = await recordPayment(app, {
    paymentId: opened.paymentId,
    orderId,
    provider: provider.name,
    userId: user.id,
    packageId: pkg.id,
    coins: pkg.coins,
    priceAmount: pkg.price,
    payCurrency: currency,
    payAmount: opened.payAmount,
    payAddress: opened.payAddress,
    network: opened.network,
    status: opened.status,
  } as Omit<PaymentRecord, 'id' | 'createdAt' | 'updatedAt'>);
  app.events.publish('payment.changed', { payment });
  return payment;
}

export async function findOwnPayment(app: StorageContext, user: UserRecord, paymentId: string) {
  const payment = await paymentByPaymentId(app, paymentId);
  if (!payment || payment.userId !== user.id) throw notFound(PAYMENT_TEXT.paymentNotFound);
  return payment;
}

/** A NOWPayments callback must carry the HMAC of its body under the IPN secret; nothing else is read before. */
export function assertSignedNotification(app: FastifyInstance, body: unknown, signature: unknown) {
  const secret = app.config.NOWPAYMENTS_IPN_SECRET;
  if (!secret || !isSignedNotification(secret, body, signature)) throw unauthenticated(PAYMENT_TEXT.signatureInvalid);
}

/**
 * NOWPayments reports a status: `finished` credits the coins (once, however often it is
 * delivered); every other status (partially_paid, failed, expired...) is recorded on the payment.
 */
export async function handleNotification(
  app: WalletContext,
  notification: {
    payment_id: number | string;
    payment_status: string;
    order_id?: string | null;
    actually_paid?: unknown;
  },
): Promise<PaymentRecord> {
  const payment = await paymentByPaymentId(app, String(notification.payment_id));
  if (payment?.provider !== 'nowpayments' || (notification.order_id && notification.order_id !== payment.orderId)) {
    throw notFound(PAYMENT_TEXT.paymentNotFound);
  }
  const status = notification.payment_status;
  if (status === 'finished') return finishPayment(app, payment);
  if (!(PAYMENT_STATUSES as readonly string[]).includes(status)) {
    app.log.warn({ paymentId: payment.paymentId, status }, 'unknown NOWPayments status ignored');
    return payment;
  }
  const paid = Number(notification.actually_paid);
  return recordStatus(app, payment, status as PaymentStatus, Number.isFinite(paid) ? paid : null);
}

export async function pendingPayments(app: StorageContext): Promise<PaymentRecord[]> {
  return openPayments(app, LIMITS.pageSizeMax);
}

/** A self-custody payment for staff to decide; four eyes on money: never a staff member's own. */
async function paymentToDecide(app: Database, staff: UserRecord, id: number): Promise<PaymentRecord> {
  const payment = await findByNumericId(paymentModels(app).Payment, id);
  if (!payment) throw notFound(PAYMENT_TEXT.paymentNotFound);
  if (payment.provider !== 'self-custody') throw conflict(PAYMENT_TEXT.staffConfirmsSelfCustodyOnly);
  if (payment.userId === staff.id) throw forbidden(PAYMENT_TEXT.ownPayment);
  return payment;
}

/** Logs the decision when this call made it (not when it answered an earlier one). */
async function logDecision(app: StorageContext, staff: UserRecord, before: PaymentRecord, after: PaymentRecord) {
  if (before.status === after.status || after.decidedBy !== staff.id) return;
  await logModeration(app, {
    actorId: staff.id,
    action: after.status === 'finished' ? 'payment.confirm' : 'payment.reject',
    targetType: 'payment',
    targetId: after.id,
    details: { memberId: after.userId, coins: after.coins, transactionHash: after.transactionHash ?? null },
  });
}

/** Staff saw the coins arrive at the admin's address, in this chain transaction: the member is credited once. */
export async function confirmPayment(app: WalletContext, staff: UserRecord, id: number, transactionHash: string) {
  const payment = await paymentToDecide(app, staff, id);
  const confirmed = await finishPayment(app, payment, { decidedBy: staff.id, transactionHash });
  await logDecision(app, staff, payment, confirmed);
  return confirmed;
}

export async function rejectPayment(app: PaymentStatusContext & StorageContext, staff: UserRecord, id: number) {
  const payment = await paymentToDecide(app, staff, id);
  const rejected = await failPayment(app, payment, staff.id);
  await logDecision(app, staff, payment, rejected);
  return rejected;
}
