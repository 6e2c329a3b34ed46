import { FACTOR_TEXT, type PasskeyInfo } from '@enclave/protocol';
import { FingerprintPattern, Plus } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../components/button.tsx';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { formatDate } from '../components/dates.ts';
import { FormActions } from '../components/form-actions.tsx';
import { ModalDialog } from '../components/modal-dialog.tsx';
import { TextField } from '../components/text-field.tsx';
import { Form } from '../forms/form.tsx';
import { useAddPasskey, useRemovePasskey, useRenamePasskey } from './factor-queries.ts';
import * as styles from './two-factor.css.ts';

/** Issue #27: the member's passkeys, each renamed or removed here, and a new one added under a name. */
export function PasskeysPart({ passkeys }: { passkeys: readonly PasskeyInfo[] }) {
  const titleId = useId();
  return (
    <section className={styles.part} aria-labelledby={titleId}>
      <div className={styles.partHeading}>
        <h3 id={titleId} className={styles.partTitle}>
          <FingerprintPattern size={16} aria-hidden />
          {FACTOR_TEXT.passkeysTitle}
        </h3>
        <p className={styles.muted}>{FACTOR_TEXT.passkeysIntro}</p>
      </div>
      {passkeys.length === 0 ? (
        <p className={styles.muted}>{FACTOR_TEXT.noPasskeys}</p>
      ) : (
        <ul className={styles.list} aria-label={FACTOR_TEXT.passkeysTitle}>
          {passkeys.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} />
          ))}
        </ul>
      )}
      <AddPasskeyForm />
    </section>
  );
}

function PasskeyRow({ passkey }: { passkey: PasskeyInfo }) {
  const [asking, setAsking] = useState<'rename' | 'remove' | null>(null);
  const removal = useRemovePasskey();
  const close = () => setAsking(null);
  return (
    <li className={styles.passkey}>
      <div className={styles.main}>
        <span className={styles.title}>{passkey.name}</span>
        <span className={styles.meta}>
          <span>
            {FACTOR_TEXT.added} <time dateTime={passkey.createdAt}>{formatDate(passkey.createdAt)}</time>
          </span>
          <span>
            {FACTOR_TEXT.lastUsed}{' '}
            {passkey.lastUsedAt ? (
              <time dateTime={passkey.lastUsedAt}>{formatDate(passkey.lastUsedAt)}</time>
            ) : (
              FACTOR_TEXT.never
            )}
          </span>
        </span>
      </div>
      <div className={styles.rowActions}>
        <Button
          variant="secondary"
          size="sm"
          aria-label={FACTOR_TEXT.renameLabel(passkey.name)}
          onPress={() => setAsking('rename')}
        >
          {FACTOR_TEXT.rename}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          aria-label={FACTOR_TEXT.removeLabel(passkey.name)}
          onPress={() => setAsking('remove')}
        >
          {FACTOR_TEXT.remove}
        </Button>
      </div>
      {asking === 'rename' && <RenameDialog passkey={passkey} onClose={close} />}
      {asking === 'remove' && (
        <ConfirmDialog
          title={FACTOR_TEXT.removeLabel(passkey.name)}
          text={FACTOR_TEXT.removePasskeyConfirm(passkey.name)}
          confirmLabel={FACTOR_TEXT.remove}
          pendingLabel={FACTOR_TEXT.removing}
          isPending={removal.isPending}
          onConfirm={() => removal.mutate(passkey.id, { onSettled: close })}
          onClose={close}
        />
      )}
    </li>
  );
}

function RenameDialog({ passkey, onClose }: { passkey: PasskeyInfo; onClose: () => void }) {
  const [name, setName] = useState(passkey.name);
  const rename = useRenamePasskey();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) rename.mutate({ id: passkey.id, name: name.trim() }, { onSuccess: onClose });
  };
  return (
    <ModalDialog title={FACTOR_TEXT.renameLabel(passkey.name)} isOpen onOpenChange={(open) => !open && onClose()}>
      <Form className={styles.form} onSubmit={submit}>
        <TextField
          label={FACTOR_TEXT.passkeyName}
          value={name}
          onChange={setName}
          maxLength={50}
          autoComplete="off"
          autoFocus
          isRequired
        />
        <FormActions
          onCancel={onClose}
          submitLabel={FACTOR_TEXT.save}
          pendingLabel={FACTOR_TEXT.saving}
          isPending={rename.isPending}
          isDisabled={!name.trim()}
        />
      </Form>
    </ModalDialog>
  );
}

/** The name comes first, so a member with several can tell them apart; the browser then makes the passkey. */
function AddPasskeyForm() {
  const [name, setName] = useState<string>(FACTOR_TEXT.passkeyNameDefault);
  const add = useAddPasskey();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) add.mutate(name.trim(), { onSuccess: () => setName(FACTOR_TEXT.passkeyNameDefault) });
  };
  return (
    <Form className={styles.addPasskey} onSubmit={submit} aria-label={FACTOR_TEXT.addPasskey}>
      <TextField
        label={FACTOR_TEXT.passkeyName}
        value={name}
        onChange={setName}
        maxLength={50}
        autoComplete="off"
        isRequired
      />
      <Button type="submit" variant="secondary" isDisabled={add.isPending || !name.trim()}>
        <Plus size={16} aria-hidden />
        {add.isPending ? FACTOR_TEXT.adding : FACTOR_TEXT.addPasskey}
      </Button>
    </Form>
  );
}
