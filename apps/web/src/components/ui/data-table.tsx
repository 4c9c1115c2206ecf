import type { ReactNode } from 'react';
import { Spinner } from './spinner';
import styles from './data-table.module.css';

export interface Column<T> {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  align?: 'left' | 'right';
  /** A fixed width in px for a narrow column (a toggle). */
  width?: number;
  /** Kept in view at the right edge while a wide table scrolls sideways (a row's actions). */
  sticky?: boolean;
}

const cellClass = (c: Pick<Column<unknown>, 'align' | 'sticky'>) =>
  [c.align === 'right' ? styles.right : '', c.sticky ? styles.sticky : ''].join(' ').trim();

export interface DataTableProps<T> {
  /** Names the table and its scroll box for screen readers. */
  label: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  isLoading?: boolean;
  /** Shown instead of the rows when the list could not be loaded. */
  error?: ReactNode;
  emptyText?: string;
}

/**
 * A table in its own horizontally scrolling box (the page never scrolls sideways), with the
 * loading spinner, the error and the NO DATA states the screens share.
 */
export function DataTable<T>({
  label,
  columns,
  rows,
  rowKey,
  isLoading = false,
  error,
  emptyText = 'NO DATA',
}: DataTableProps<T>) {
  const status = isLoading ? <Spinner /> : error ? error : rows.length === 0 ? emptyText : null;
  return (
    <TableBox label={label}>
      <table
        // Without rows the table fits its box, so the status reads whole on a narrow screen.
        className={status ? `${styles.table} ${styles.fit}` : styles.table}
        aria-label={label}
        aria-busy={isLoading || undefined}
      >
        <thead>
          <tr>
            {columns.map((c) => (
              <th
                key={c.key}
                scope="col"
                className={cellClass(c)}
                style={c.width ? { width: c.width } : undefined}
              >
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {status ? (
            <tr>
              <td colSpan={columns.length} className={styles.status}>
                {status}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((c) => (
                  <td key={c.key} className={cellClass(c)}>
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </TableBox>
  );
}

/** The scroll box: focusable, so a keyboard user can scroll a wide table sideways. */
export function TableBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.box} role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

export { styles as tableStyles };
