import {
  type CoinPackage,
  CURRENCY_INFO,
  PAYMENT_TEXT,
  type Payment,
  type PaymentCurrency,
  WALLET_TEXT,
} from '@enclave/protocol';
import { Coins } from 'lucide-react';
import type { FormEvent } from 'react';
import { FieldError, Label, Radio, RadioGroup } from 'react-aria-components';
import { Button } from '../components/button.tsx';
import { dollars, wholeNumber } from '../components/numbers.ts';
import { LoadingRows } from '../components/skeleton.tsx';
import { Form } from '../forms/form.tsx';
import { useSchemaForm } from '../forms/use-schema-form.ts';
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
      <RadioGroup
        className={styles.group}
        value={packageField.value || null}
        onChange={packageField.onChange}
        isInvalid={Boolean(packageField.error)}
      >
        <Label className={styles.legend}>Choose a package</Label>
        <div className={styles.packages}>
          {packages.map((pkg) => (
            <Radio key={pkg.id} value={pkg.id} className={styles.packageCard}>
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
            </Radio>
          ))}
        </div>
        <FieldError className={styles.error}>{packageField.error}</FieldError>
      </RadioGroup>

      <RadioGroup
        className={styles.group}
        value={currencyField.value || null}
        onChange={currencyField.onChange}
        isInvalid={Boolean(currencyField.error)}
      >
        <Label className={styles.legend}>Choose a currency</Label>
        {currencies.length === 0 ? (
          <p className={wallet.muted}>No payment currency is available right now. Please check back later.</p>
        ) : (
          <div className={styles.currencies}>
            {currencies.map((code) => (
              <Radio key={code} value={code} className={styles.currencyCard}>
                <span className={styles.symbol}>{CURRENCY_INFO[code].symbol}</span>
                <span className={styles.packageName}>{CURRENCY_INFO[code].name}</span>
                {CURRENCY_INFO[code].network !== CURRENCY_INFO[code].name && (
                  <span className={styles.description}>{CURRENCY_INFO[code].network}</span>
                )}
              </Radio>
            ))}
          </div>
        )}
        <FieldError className={styles.error}>{currencyField.error}</FieldError>
      </RadioGroup>

      {chosen && form.values.currency && <PriceEstimate pkg={chosen} currency={form.values.currency} />}

      <Button type="submit" size="lg" className={styles.submit} isDisabled={creation.isPending}>
        {creation.isPending ? 'Creating payment…' : 'Create Payment'}
      </Button>
    </Form>
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
