import { type Key, memo, type ReactNode } from 'react';
import { useRevealedCount } from '../layout/first-screen.ts';
import * as styles from './data-table.css.ts';

export interface Column<Row> {
  label: string;
  /** Added to this column's cells. */
  className?: string;
  cell: (row: Row) => ReactNode;
}

interface DataTableProps<Row> {
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  columns: readonly Column<Row>[];
}

/** Rows rendered with the page, more than a screen holds; the rest follow a few at a time (useRevealedCount). */
const FIRST_ROWS = 10;

/** One row per item with a header per column; on a phone every cell is labelled with its column instead. */
export function DataTable<Row>({ rows, rowKey, columns }: DataTableProps<Row>) {
  const count = useRevealedCount(rows.length, FIRST_ROWS);
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <thead className={styles.thead}>
          <tr className={styles.tr}>
            {columns.map((column) => (
              <th key={column.label} className={styles.th}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={styles.tbody}>
          {rows.slice(0, count).map((row) => (
            <DataRow key={rowKey(row)} row={row} columns={columns as readonly Column<unknown>[]} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Memoised: revealing more rows renders only those (the columns are the same while the table reveals), and a read
 * answered again keeps its unchanged rows (the query cache's structural sharing); a table whose owner renders again
 * passes new columns, and every row follows.
 */
const DataRow = memo(function DataRow({ row, columns }: { row: unknown; columns: readonly Column<unknown>[] }) {
  return (
    <tr className={styles.tr}>
      {columns.map((column) => (
        <td
          key={column.label}
          data-label={column.label}
          className={column.className ? `${styles.td} ${column.className}` : styles.td}
        >
          {column.cell(row)}
        </td>
      ))}
    </tr>
  );
});
