import {
  type CoinPackage,
  CURRENCY_INFO,
  PAYMENT_TEXT,
  type Payment,
  type PaymentCurrency,
  WALLET_TEXT,
} from '@enclave/protocol';
import { Coins } from 'lucide-react';
import { createContext, type FormEvent, type ReactNode, use, useId } from 'react';
import { Button } from '../components/button.tsx';
import { dollars, wholeNumber } from '../components/numbers.ts';
import { LoadingRows } from '../components/skeleton.tsx';
import { Form } from '../forms/form.tsx';
import { useSchemaForm } from '../forms/use-schema-form.ts';
import { visuallyHidden } from '../styles/utilities.css.ts';
import { formatPayAmount } from './chain-links.ts';
import * as styles from './payment-form.css.ts';
import * as wallet from './wallet.css.ts';
import { useCreatePayment, usePaymentOptions, usePriceEstimate } from './wallet-queries.ts';

/** Spec 001 §2 and §5: choose a package and a currency, see the price, and create the payment. */
export function PaymentForm({ onCreated }: { onCreated: (payment: Payment) => void }) {
  const options = usePaymentOptions();
  if (options.isLoading) return <LoadingRows rows={3} label="Loading payment options" />;
  if (options.isError || !options.packages || !options.currencies) {
    return (
      <div className={wallet.notice} role="alert">
        <p className={wallet.errorText}>{PAYMENT_TEXT.loadOptionsFailed}</p>
        <Button variant="secondary" onPress={options.retry}>
          {WALLET_TEXT.retry}
        </Button>
      </div>
    );
  }
  return <PackageForm packages={options.packages} currencies={options.currencies} onCreated={onCreated} />;
}

interface PackageFormProps {
  packages: CoinPackage[];
  currencies: PaymentCurrency[];
  onCreated: (payment: Payment) => void;
}

function PackageForm({ packages, currencies, onCreated }: PackageFormProps) {
  const form = useSchemaForm((loaded) => loaded.CreatePaymentBody, { packageId: '', currency: '' });
  const creation = useCreatePayment();
  const chosen = packages.find((pkg) => pkg.id === form.values.packageId);
  const packageField = form.field('packageId');
  const currencyField = form.field('currency');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!(await form.validate())) return;
    creation.mutate(
      { packageId: form.values.packageId, currency: form.values.currency },
      { onSuccess: (payment) => onCreated(payment) },
    );
  };

  return (
    <Form className={styles.form} onSubmit={submit} aria-label="Buy coins">
      <CardChoices label="Choose a package" field={packageField}>
        <div className={styles.packages}>
          {packages.map((pkg) => (
            <Card key={pkg.id} value={pkg.id} className={styles.packageCard}>
              <span className={styles.choiceTop}>
                <span className={styles.packageName}>{pkg.name}</span>
                {pkg.save && <span className={styles.saveBadge}>{WALLET_TEXT.save}</span>}
              </span>
              <span className={styles.coins}>
                <Coins size={20} aria-hidden />
                {wholeNumber(pkg.coins)} coins
              </span>
              <span className={styles.price}>{dollars(pkg.price, 0)}</span>
              <span className={styles.description}>{pkg.description}</span>
            </Card>
          ))}
        </div>
      </CardChoices>

      <CardChoices label="Choose a currency" field={currencyField}>
        {currencies.length === 0 ? (
          <p className={wallet.muted}>No payment currency is available right now. Please check back later.</p>
        ) : (
          <div className={styles.currencies}>
            {currencies.map((code) => (
              <Card key={code} value={code} className={styles.currencyCard}>
                <span className={styles.symbol}>{CURRENCY_INFO[code].symbol}</span>
                <span className={styles.packageName}>{CURRENCY_INFO[code].name}</span>
                {CURRENCY_INFO[code].network !== CURRENCY_INFO[code].name && (
                  <span className={styles.description}>{CURRENCY_INFO[code].network}</span>
                )}
              </Card>
            ))}
          </div>
        )}
      </CardChoices>

      {chosen && form.values.currency && <PriceEstimate pkg={chosen} currency={form.values.currency} />}

      <Button type="submit" size="lg" className={styles.submit} isDisabled={creation.isPending}>
        {creation.isPending ? 'Creating payment…' : 'Create Payment'}
      </Button>
    </Form>
  );
}

/** A radio group's field: what `useSchemaForm`'s `field` gives. */
interface ChoiceField {
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

const ChoiceContext = createContext<(ChoiceField & { errorId?: string }) | null>(null);

/**
 * A radio group of cards: the WAI-ARIA radio group over native radios, whose arrow keys move and select among
 * them. Not react-aria's RadioGroup, which was most of the react-aria this page loaded before it painted (issue #26).
 */
function CardChoices({ label, field, children }: { label: string; field: ChoiceField; children: ReactNode }) {
  const id = useId();
  const errorId = field.error ? `${id}-error` : undefined;
  return (
    <div
      role="radiogroup"
      aria-labelledby={`${id}-label`}
      aria-describedby={errorId}
      aria-invalid={field.error ? true : undefined}
      className={styles.group}
    >
      <span id={`${id}-label`} className={styles.legend}>
        {label}
      </span>
      <ChoiceContext value={{ ...field, errorId }}>{children}</ChoiceContext>
      {field.error && (
        <span id={errorId} className={styles.error}>
          {field.error}
        </span>
      )}
    </div>
  );
}

/** One choice: the whole card is the radio's label, its radio out of sight (the card shows the state). */
function Card({ value, className, children }: { value: string; className: string; children: ReactNode }) {
  const field = use(ChoiceContext);
  if (!field) throw new Error('A Card belongs in CardChoices');
  return (
    <label className={className}>
      <input
        type="radio"
        className={visuallyHidden}
        name={field.name}
        value={value}
        checked={field.value === value}
        onChange={() => field.onChange(value)}
        aria-describedby={field.errorId}
      />
      {children}
    </label>
  );
}

/** What the chosen package costs in the chosen currency, from the server's estimate. */
function PriceEstimate({ pkg, currency }: { pkg: CoinPackage; currency: string }) {
  const estimate = usePriceEstimate(pkg.price, currency);
  const symbol = CURRENCY_INFO[currency as PaymentCurrency]?.symbol ?? currency.toUpperCase();

  return (
    <div className={styles.estimate} aria-live="polite">
      <span className={wallet.muted}>Estimated price</span>
      {estimate.isLoading && <span className={wallet.muted}>Estimating…</span>}
      {estimate.isError && <span className={wallet.errorText}>{PAYMENT_TEXT.estimateFailed}</span>}
      {estimate.data && (
        <span className={styles.estimateAmount}>
          ≈ {formatPayAmount(estimate.data.estimated_amount, currency)} {symbol}
        </span>
      )}
      <span className={wallet.muted}>
        for {wholeNumber(pkg.coins)} coins ({dollars(pkg.price, 0)}); the exact amount is set when you create the
        payment.
      </span>
    </div>
  );
}
