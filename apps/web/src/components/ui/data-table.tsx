import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from './spinner';
import styles from './data-table.module.css';

export interface Column<T> {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  align?: 'left' | 'right';
  /** A fixed width in px for a narrow column (a toggle). */
  width?: number;
  /**
   * What the column is to a row, where the rows become cards (on a phone): `title` heads the
   * card, `actions` (a row's buttons) ends it, `corner` (a toggle that names itself, such as a
   * favourite star) sits unlabelled in the card's top right corner, every other column is a
   * labelled line. A wide table keeps its `actions` in view at the right edge while it scrolls
   * sideways.
   */
  role?: 'title' | 'actions' | 'corner';
  /** `data-testid` of the column's cells. */
  testId?: string;
  /** A card line's label where `header` is not plain text. */
  cardLabel?: string;
}

const cellClass = (c: Pick<Column<unknown>, 'align' | 'role'>) =>
  [
    c.align === 'right' ? styles.right : '',
    c.role === 'title' ? styles.title : '',
    c.role === 'actions' ? styles.actionsCell : '',
    c.role === 'corner' ? styles.cornerCell : '',
  ]
    .join(' ')
    .trim();

const textOf = (header: ReactNode) => (typeof header === 'string' ? header : undefined);

/** What a row shows below itself while expanded, in a row of its own that `id` names. */
export interface RowDetail {
  id: string;
  content: ReactNode;
}

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
  /** `data-testid` of the rows. */
  rowTestId?: string;
  /** A row's expanded part (or null), below the row. */
  detail?: (row: T) => RowDetail | null;
  /** In a scroll box of its own with a frame (default); false for a table inside another's row. */
  boxed?: boolean;
  /** Tighter rows, for a table beside others (the trading screen's orders). */
  dense?: boolean;
}

/**
 * A table in its own horizontally scrolling box (the page never scrolls sideways), with the
 * loading spinner, the error and the NO DATA states the screens share. Below 768 px its rows
 * are cards instead: each cell on a line of its own after its column's header, the row's
 * actions at the card's foot, so nothing hides in a sideways scroll on a phone.
 */
export function DataTable<T>({
  label,
  columns,
  rows,
  rowKey,
  isLoading = false,
  error,
  emptyText,
  rowTestId,
  detail,
  boxed = true,
  dense = false,
}: DataTableProps<T>) {
  const { t } = useTranslation('common');
  const empty = emptyText ?? t('table.noData');
  const status = isLoading ? <Spinner /> : error ? error : rows.length === 0 ? empty : null;
  const table = (
    <table
      // Without rows the table fits its box, so the status reads whole on a narrow screen.
      className={[styles.table, styles.cards, dense ? styles.dense : '', status ? styles.fit : '']
        .join(' ')
        .trim()}
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
          rows.map((row) => {
            const more = detail?.(row);
            return (
              <Fragment key={rowKey(row)}>
                <tr data-testid={rowTestId}>
                  {columns.map((c) => (
                    <td
                      key={c.key}
                      className={cellClass(c)}
                      data-testid={c.testId}
                      // A card's line is labelled with its column's header (CSS, not text).
                      data-label={c.role ? undefined : (c.cardLabel ?? textOf(c.header))}
                    >
                      {c.role ? c.cell(row) : <div className={styles.cardValue}>{c.cell(row)}</div>}
                    </td>
                  ))}
                </tr>
                {more && (
                  <tr id={more.id} className={styles.detail}>
                    <td colSpan={columns.length}>{more.content}</td>
                  </tr>
                )}
              </Fragment>
            );
          })
        )}
      </tbody>
    </table>
  );
  return boxed ? (
    <TableBox label={label} cards>
      {table}
    </TableBox>
  ) : (
    table
  );
}

/**
 * The scroll box: focusable, so a keyboard user can scroll a wide table sideways. With `cards`
 * its table lays out as cards on a phone, and the box drops its frame (each card has one).
 */
export function TableBox({
  label,
  cards = false,
  children,
}: {
  label: string;
  cards?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      className={cards ? `${styles.box} ${styles.cardsBox}` : styles.box}
      role="region"
      aria-label={label}
      tabIndex={0}
    >
      {children}
    </div>
  );
}

export { styles as tableStyles };
