import { CURRENCY_INFO, isPaymentCurrency, type Payment, WALLET_TEXT } from '@enclave/protocol';
import { Check, CircleCheck, CircleX, Clock, Copy, type LucideIcon } from 'lucide-react';
import { Button } from '../components/button.tsx';
import { dollars, wholeNumber } from '../components/numbers.ts';
import { QrCode } from '../components/qr-code.tsx';
import { LoadingRows } from '../components/skeleton.tsx';
import { formatPayAmount, paymentUri } from './chain-links.ts';
import { DemoAddressNotice } from './demo-address-notice.tsx';
import { PAYMENT_STATUS_TEXT } from './payment-status.ts';
import * as styles from './payment-view.css.ts';
import { StatusBadge, type StatusTone } from './status-badge.tsx';
import { useCopyFeedback } from './use-copy-feedback.ts';
import * as wallet from './wallet.css.ts';
import { usePayment } from './wallet-queries.ts';

const NOTICE_ICONS: Record<StatusTone, LucideIcon> = {
  success: CircleCheck,
  pending: Clock,
  danger: CircleX,
  neutral: Clock,
};

/** Spec 001 §2 and §4: the created payment (address, amount, QR code, live status) and Create New Payment. */
export function PaymentView({ paymentId, onNewPayment }: { paymentId: string; onNewPayment: () => void }) {
  const query = usePayment(paymentId);
  if (query.isLoading) return <LoadingRows rows={1} label="Loading payment" />;
  if (!query.data) {
    return (
      <div className={wallet.notice} role="alert">
        <p className={wallet.errorText}>This payment could not be loaded.</p>
        <Button onPress={onNewPayment}>{WALLET_TEXT.createNewPayment}</Button>
      </div>
    );
  }
  return <PaymentDetails payment={query.data} onNewPayment={onNewPayment} />;
}

function PaymentDetails({ payment, onNewPayment }: { payment: Payment; onNewPayment: () => void }) {
  const { copied, copy } = useCopyFeedback();
  const code = payment.pay_currency.toLowerCase();
  const info = isPaymentCurrency(code) ? CURRENCY_INFO[code] : null;
  const symbol = info?.symbol ?? payment.pay_currency.toUpperCase();
  const amount = `${formatPayAmount(payment.pay_amount, code)} ${symbol}`;
  const status = PAYMENT_STATUS_TEXT[payment.payment_status];
  const NoticeIcon = NOTICE_ICONS[status.tone];

  return (
    <section className={wallet.card} aria-labelledby="payment-title">
      <header className={styles.header}>
        <div className={wallet.cardHeading}>
          <h2 id="payment-title" className={wallet.cardTitle}>
            Send {amount}
          </h2>
          <p className={wallet.muted}>
            {wholeNumber(payment.coins)} coins for {dollars(payment.price_amount, 0)}
          </p>
        </div>
        <StatusBadge tone={status.tone}>{status.label}</StatusBadge>
      </header>
      {payment.isDemoAddress && <DemoAddressNotice audience="member" />}
      <div className={styles.body}>
        <QrCode
          data={paymentUri(code, payment.pay_address, payment.pay_amount)}
          label={`QR code of the ${info?.name ?? symbol} payment address`}
        />
        <div className={styles.details}>
          <dl className={styles.terms}>
            <div className={styles.detail}>
              <dt className={styles.term}>Amount</dt>
              <dd className={styles.amount}>{amount}</dd>
            </div>
            {payment.network && (
              <div className={styles.detail}>
                <dt className={styles.term}>Network</dt>
                <dd className={styles.value}>{payment.network}</dd>
              </div>
            )}
            <div className={styles.detail}>
              <dt className={styles.term}>Address</dt>
              <dd className={styles.address}>{payment.pay_address}</dd>
            </div>
          </dl>
          <div className={styles.copyRow}>
            <Button variant="secondary" onPress={() => void copy(payment.pay_address)}>
              {copied ? <Check size={16} aria-hidden /> : <Copy size={16} aria-hidden />}
              {copied ? WALLET_TEXT.copied : 'Copy address'}
            </Button>
          </div>
        </div>
      </div>
      <div className={styles.notice[status.tone]} role="status">
        <NoticeIcon size={20} aria-hidden />
        <div>
          <p className={styles.noticeTitle}>{status.title}</p>
          <p className={styles.noticeBody}>{status.body(payment)}</p>
        </div>
      </div>
      <div className={styles.actions}>
        {/* While the member still has to pay, paying is the main action, not starting over. */}
        <Button variant={status.tone === 'pending' ? 'secondary' : 'primary'} onPress={onNewPayment}>
          {WALLET_TEXT.createNewPayment}
        </Button>
      </div>
    </section>
  );
}
