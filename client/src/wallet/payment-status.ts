import type { Payment, PaymentStatus } from '@enclave/protocol';
import type { StatusTone } from './status-badge.tsx';

interface StatusText {
  label: string;
  tone: StatusTone;
  title: string;
  body: (payment: Payment) => string;
}

const coins = new Intl.NumberFormat();

const awaiting = (payment: Payment) =>
  payment.provider === 'self-custody'
    ? 'Send exactly this amount to the address above. Staff confirm the payment once it arrives, and this page updates by itself.'
    : 'Send exactly this amount to the address above. The payment is confirmed on the blockchain, and this page updates by itself.';

const notCredited = () => 'No coins were added. Create a new payment to try again.';

/** How each of the provider's statuses reads on the payment view. */
export const PAYMENT_STATUS_TEXT: Record<PaymentStatus, StatusText> = {
  waiting: { label: 'Waiting for payment', tone: 'pending', title: 'Waiting for your payment', body: awaiting },
  confirming: { label: 'Confirming', tone: 'pending', title: 'Payment seen, confirming', body: awaiting },
  confirmed: { label: 'Confirmed', tone: 'pending', title: 'Payment confirmed, crediting', body: awaiting },
  sending: { label: 'Sending', tone: 'pending', title: 'Payment confirmed, crediting', body: awaiting },
  partially_paid: {
    label: 'Partially paid',
    tone: 'pending',
    title: 'Partially paid',
    body: () => 'Less than the full amount has arrived. Send the rest to the same address.',
  },
  finished: {
    label: 'Completed',
    tone: 'success',
    title: 'Payment complete',
    body: (payment) => `${coins.format(payment.coins)} coins were added to your balance.`,
  },
  failed: { label: 'Failed', tone: 'danger', title: 'Payment failed', body: notCredited },
  refunded: { label: 'Refunded', tone: 'danger', title: 'Payment refunded', body: notCredited },
  expired: { label: 'Expired', tone: 'danger', title: 'Payment expired', body: notCredited },
};
