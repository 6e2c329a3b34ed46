import { api, CONSOLE_TEXT, type CryptoWalletSettings } from '@enclave/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Wallet } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Form } from 'react-aria-components';
import { call } from '../api/client.ts';
import { Button } from '../components/button.tsx';
import { CardHeading } from '../components/card-heading.tsx';
import { LoadingRows } from '../components/skeleton.tsx';
import { TextField } from '../components/text-field.tsx';
import { toast } from '../stores/toast-store.ts';
import * as styles from './admin.css.ts';
import { RECEIVING_ADDRESSES_KEY } from './admin-cache.ts';
import { useReceivingAddresses } from './admin-queries.ts';
import {
  type AddressDraft,
  type AddressDrafts,
  addressError,
  draftsOf,
  hasInvalidField,
  rateError,
  saveLabel,
  settingsOf,
} from './receiving-address-form.ts';

/** Spec 001 §2: the addresses members pay to, per currency; checked here and again by the server. */
export function ReceivingAddressesCard() {
  const query = useReceivingAddresses();
  const hasData = query.data && Object.keys(query.data).length > 0;
  return (
    <section className={styles.card} aria-labelledby="wallets-title">
      <CardHeading id="wallets-title" icon={Wallet} title="Crypto Wallet Settings">
        Members paying with a currency see its address. Check every character: coins sent to a wrong address are lost.
      </CardHeading>
      {query.isLoading ? (
        <LoadingRows rows={2} label="Loading wallet settings" />
      ) : hasData && query.data ? (
        <ReceivingAddressesForm saved={query.data} />
      ) : (
        <div className={styles.empty}>
          <p>{CONSOLE_TEXT.noWalletData}</p>
          <Button variant="secondary" size="sm" onPress={() => void query.refetch()} isDisabled={query.isFetching}>
            {CONSOLE_TEXT.retryLoading}
          </Button>
        </div>
      )}
    </section>
  );
}

function ReceivingAddressesForm({ saved }: { saved: CryptoWalletSettings }) {
  const queryClient = useQueryClient();
  const [drafts, setDrafts] = useState<AddressDrafts>(() => draftsOf(saved));
  const [isDirty, setDirty] = useState(false);

  const save = useMutation({
    mutationFn: (next: AddressDrafts) =>
      call(api.saveCryptoWallets, { body: settingsOf(next), errorTitle: CONSOLE_TEXT.walletsUpdateFailed }),
    onSuccess: (settings) => {
      queryClient.setQueryData(RECEIVING_ADDRESSES_KEY, settings);
      setDrafts(draftsOf(settings));
      setDirty(false);
      toast({ title: 'Wallet addresses saved' });
    },
  });

  const edit = (code: string, field: keyof AddressDraft, value: string) => {
    setDrafts((current) => ({ ...current, [code]: { ...(current[code] as AddressDraft), [field]: value } }));
    setDirty(true);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isDirty && !hasInvalidField(drafts)) save.mutate(drafts);
  };

  return (
    <Form className={styles.form} onSubmit={submit}>
      {Object.entries(drafts).map(([code, draft]) => (
        <fieldset key={code} className={styles.fieldset}>
          <legend className={styles.legend}>
            {draft.name || code.toUpperCase()} <span className={styles.muted}>({code})</span>
          </legend>
          <div className={styles.formRowWide}>
            <TextField label="Name" value={draft.name} onChange={(value) => edit(code, 'name', value)} />
            <TextField label="Symbol" value={draft.symbol} onChange={(value) => edit(code, 'symbol', value)} />
            <TextField
              label="Network"
              description="Optional"
              value={draft.network}
              onChange={(value) => edit(code, 'network', value)}
            />
            <TextField
              label="USD rate"
              description="USD per 1 unit, for self-custody payments; empty uses the default."
              inputMode="decimal"
              value={draft.usdRate}
              onChange={(value) => edit(code, 'usdRate', value)}
              error={rateError(draft)}
            />
          </div>
          <TextField
            label={`${draft.name || code.toUpperCase()} address`}
            value={draft.address}
            onChange={(value) => edit(code, 'address', value)}
            error={addressError(code, draft)}
            spellCheck="false"
          />
        </fieldset>
      ))}
      <div className={styles.actions}>
        <Button type="submit" isDisabled={save.isPending || !isDirty || hasInvalidField(drafts)}>
          {saveLabel(save.isPending, isDirty)}
        </Button>
      </div>
    </Form>
  );
}
