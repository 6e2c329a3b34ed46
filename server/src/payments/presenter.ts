import { type Payment, paymentPagePath, type StaffPayment } from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import { isDemoAddress } from './demo-addresses.ts';
import type { PaymentRecord } from './payment-model.ts';

export function presentPayment(app: FastifyInstance, payment: PaymentRecord): Payment {
  const origin = (app.config.PUBLIC_URL ?? '').replace(/\/+$/, '');
  return {
    payment_id: payment.paymentId,
    order_id: payment.orderId,
    payment_status: payment.status,
    pay_amount: payment.payAmount,
    pay_currency: payment.payCurrency,
    price_amount: payment.priceAmount,
    pay_address: payment.payAddress,
    isDemoAddress: isDemoAddress(payment.payAddress),
    payment_url: `${origin}${paymentPagePath(payment.paymentId)}`,
    coins: payment.coins,
    packageId: payment.packageId,
    network: payment.network ?? null,
    provider: payment.provider,
    transactionHash: payment.transactionHash ?? null,
    createdAt: payment.createdAt.toISOString(),
  };
}

/** Payments with their members' names, for the staff queue. */
export async function presentStaffPayments(app: FastifyInstance, payments: PaymentRecord[]): Promise<StaffPayment[]> {
  const users = await app.members.cards(payments.map((p) => p.userId));
  const names = new Map([...users.values()].map((u) => [u.id, u.username]));
  return payments.map((payment) => ({
    ...presentPayment(app, payment),
    id: payment.id,
    member: { id: payment.userId, username: names.get(payment.userId) ?? `deleted-${payment.userId}` },
  }));
}

export async function presentStaffPayment(app: FastifyInstance, payment: PaymentRecord): Promise<StaffPayment> {
  return (await presentStaffPayments(app, [payment]))[0] as StaffPayment;
}
