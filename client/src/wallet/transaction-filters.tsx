import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from '@enclave/protocol';
import { SelectField } from '../components/select-field.tsx';
import { TRANSACTION_STATUS_LABELS, TRANSACTION_TYPE_LABELS } from './transaction-text.ts';
import * as styles from './transactions.css.ts';
import type { TransactionFilters as Filters } from './wallet-queries.ts';

const ALL = 'all';
const TYPE_OPTIONS = [
  { value: ALL, label: 'All types' },
  ...TRANSACTION_TYPES.map((type) => ({ value: type, label: TRANSACTION_TYPE_LABELS[type] })),
];
const STATUS_OPTIONS = [
  { value: ALL, label: 'All statuses' },
  ...TRANSACTION_STATUSES.map((status) => ({ value: status, label: TRANSACTION_STATUS_LABELS[status] })),
];

/** Narrows the history by type (purchase, unlock content, other) and status (completed, pending, failed). */
export function TransactionFilters({ value, onChange }: { value: Filters; onChange: (filters: Filters) => void }) {
  return (
    <div className={styles.filters}>
      <SelectField
        label="Type"
        options={TYPE_OPTIONS}
        value={value.type ?? ALL}
        onChange={(type) => onChange({ ...value, type: TRANSACTION_TYPES.find((candidate) => candidate === type) })}
      />
      <SelectField
        label="Status"
        options={STATUS_OPTIONS}
        value={value.status ?? ALL}
        onChange={(status) =>
          onChange({ ...value, status: TRANSACTION_STATUSES.find((candidate) => candidate === status) })
        }
      />
    </div>
  );
}
