import {
  ConfirmPaymentBody,
  CURRENCY_INFO,
  isPaymentCurrency,
  SKELETON_ROWS,
  type StaffPayment,
  WALLET_TEXT,
} from '@enclave/protocol';
import { Check, Clock, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../components/button.tsx';
import { CardHeading } from '../components/card-heading.tsx';
import { formatDateTime } from '../components/dates.ts';
import { DialogActions } from '../components/dialog-actions.tsx';
import { FormActions } from '../components/form-actions.tsx';
import { ModalDialog } from '../components/modal-dialog.tsx';
import { wholeNumber } from '../components/numbers.ts';
import { LoadingRows } from '../components/skeleton.tsx';
import { TextField } from '../components/text-field.tsx';
import { Form } from '../forms/form.tsx';
import { schemaErrors } from '../forms/schema-errors.ts';
import { toast } from '../stores/toast-store.ts';
import { formatPayAmount } from './chain-links.ts';
import { DemoAddressNotice } from './demo-address-notice.tsx';
import * as styles from './pending-payments-panel.css.ts';
import * as wallet from './wallet.css.ts';
import { useConfirmPayment, usePendingPayments, useRejectPayment } from './wallet-queries.ts';

const usd = new Intl.NumberFormat(undefined, { style: 'currency', currency: 'USD', minimumFractionDigits: 0 });

const payAmountOf = (payment: StaffPayment) => {
  const code = payment.pay_currency.toLowerCase();
  const symbol = isPaymentCurrency(code) ? CURRENCY_INFO[code].symbol : code.toUpperCase();
  return `${formatPayAmount(payment.pay_amount, code)} ${symbol}`;
};

type Decision = { kind: 'confirm' | 'reject'; payment: StaffPayment };

/** Staff: self-custody payments waiting for their coins to arrive, confirmed or rejected by hand; live from 'admin:payment'. */
export function PendingPaymentsPanel() {
  const query = usePendingPayments();
  const [decision, setDecision] = useState<Decision | null>(null);

  return (
    <section className={wallet.card} aria-labelledby="pending-payments-title">
      <CardHeading as="header" id="pending-payments-title" icon={Clock} title="Pending Payments">
        Self-custody payments waiting for staff. Check that the amount arrived at the address before you confirm:
        confirming credits the member's coins.
      </CardHeading>
      {query.data?.demoAddresses && <DemoAddressNotice audience="staff" />}
      {query.isLoading && <LoadingRows rows={SKELETON_ROWS.list} label="Loading pending payments" />}
      {query.isError && (
        <div className={wallet.notice} role="alert">
          <p className={wallet.errorText}>Failed to load pending payments</p>
          <Button variant="secondary" onPress={() => void query.refetch()} isDisabled={query.isFetching}>
            {WALLET_TEXT.retry}
          </Button>
        </div>
      )}
      {query.data && query.data.payments.length === 0 && (
        <p className={wallet.muted}>No payments are waiting for confirmation.</p>
      )}
      {query.data && query.data.payments.length > 0 && (
        <ul className={styles.list} aria-label="Payments awaiting confirmation">
          {query.data.payments.map((payment) => (
            <li key={payment.id} className={styles.item}>
              <div className={styles.summary}>
                <span className={styles.headline}>
                  {payment.member.username}: {payAmountOf(payment)} for {wholeNumber(payment.coins)} coins (
                  {usd.format(payment.price_amount)})
                </span>
                <span className={wallet.muted}>
                  <time dateTime={payment.createdAt}>{formatDateTime(payment.createdAt)}</time>
                  {payment.network && ` · ${payment.network}`}
                </span>
                <span className={styles.address}>{payment.pay_address}</span>
              </div>
              <div className={styles.actions}>
                <Button size="sm" onPress={() => setDecision({ kind: 'confirm', payment })}>
                  <Check size={14} aria-hidden />
                  Confirm
                </Button>
                <Button size="sm" variant="secondary" onPress={() => setDecision({ kind: 'reject', payment })}>
                  <X size={14} aria-hidden />
                  Reject
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {decision?.kind === 'confirm' && <ConfirmDialog payment={decision.payment} onClose={() => setDecision(null)} />}
      {decision?.kind === 'reject' && <RejectDialog payment={decision.payment} onClose={() => setDecision(null)} />}
    </section>
  );
}

function ConfirmDialog({ payment, onClose }: { payment: StaffPayment; onClose: () => void }) {
  const confirmation = useConfirmPayment();
  const [hash, setHash] = useState('');
  const [error, setError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { transactionHash: hash.trim() };
    const found = schemaErrors(ConfirmPaymentBody, body).transactionHash;
    if (found) return setError(found);
    confirmation.mutate(
      { id: payment.id, ...body },
      {
        onSuccess: () => {
          toast({
            title: 'Payment confirmed',
            description: `${wholeNumber(payment.coins)} coins credited to ${payment.member.username}.`,
          });
          onClose();
        },
      },
    );
  };

  return (
    <ModalDialog title="Confirm payment" isOpen onOpenChange={(open) => !open && onClose()}>
      <p className={wallet.muted}>
        Confirm only once {payAmountOf(payment)} has arrived at {payment.pay_address}. {payment.member.username} is
        credited {wholeNumber(payment.coins)} coins.
      </p>
      <Form className={styles.form} onSubmit={submit}>
        <TextField
          label="Transaction hash"
          description="The chain transaction that carried the coins (64 hexadecimal characters); it is logged with your name."
          value={hash}
          onChange={(value) => {
            setHash(value);
            setError(undefined);
          }}
          error={error}
        />
        <FormActions
          onCancel={onClose}
          submitLabel="Confirm payment"
          pendingLabel="Confirming…"
          isPending={confirmation.isPending}
        />
      </Form>
    </ModalDialog>
  );
}

function RejectDialog({ payment, onClose }: { payment: StaffPayment; onClose: () => void }) {
  const rejection = useRejectPayment();
  const reject = () =>
    rejection.mutate(payment.id, {
      onSuccess: () => {
        toast({ title: 'Payment rejected', description: `No coins were credited to ${payment.member.username}.` });
        onClose();
      },
    });

  return (
    <ModalDialog title="Reject payment?" isOpen onOpenChange={(open) => !open && onClose()} isAlert>
      <p className={wallet.muted}>
        {payment.member.username}'s payment of {payAmountOf(payment)} fails and no coins are credited. This cannot be
        undone.
      </p>
      <DialogActions>
        <Button variant="secondary" onPress={onClose}>
          Cancel
        </Button>
        <Button variant="destructive" onPress={reject} isDisabled={rejection.isPending}>
          {rejection.isPending ? 'Rejecting…' : 'Reject payment'}
        </Button>
      </DialogActions>
    </ModalDialog>
  );
}
