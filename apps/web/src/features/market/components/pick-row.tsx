import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './book-panel.module.css';

/** One cell of a row: what a screen reader says before it, the text shown, its colour. */
export interface PickCell {
  name: string;
  text: string;
  className?: string | undefined;
}

/** What choosing a row fills the order form with: the row's price and amount. */
export interface BookPick {
  price: string;
  amount: string;
}

interface PickRowProps {
  cells: readonly [PickCell, PickCell, PickCell];
  testId: string;
  /** The row's key among its list's (`useRovingRows`), and whether Tab stops on it. */
  rowKey: string;
  tabbable: boolean;
  /** The id of the text saying what choosing a row does. */
  hintId: string;
  pick: BookPick;
  /** Called with the row's `pick`; stable, so an unchanged row does not render again. */
  onPick: (pick: BookPick) => void;
  /**
   * The class of a depth bar behind the row (the order book's); its length is the `--depth`
   * its list sets on the row's button (order-book.tsx), not a prop, so a change of the running
   * totals does not render every row again.
   */
  barClass?: string | undefined;
}

const sameCell = (a: PickCell, b: PickCell) =>
  a.name === b.name && a.text === b.text && a.className === b.className;

/** Rows are built afresh each frame: equal figures, not equal objects, make a row unchanged. */
const sameRow = (a: PickRowProps, b: PickRowProps) =>
  a.testId === b.testId &&
  a.rowKey === b.rowKey &&
  a.tabbable === b.tabbable &&
  a.hintId === b.hintId &&
  a.onPick === b.onPick &&
  a.barClass === b.barClass &&
  a.pick.price === b.pick.price &&
  a.pick.amount === b.pick.amount &&
  sameCell(a.cells[0], b.cells[0]) &&
  sameCell(a.cells[1], b.cells[1]) &&
  sameCell(a.cells[2], b.cells[2]);

/**
 * A row of the order book or recent trades that fills the order form when chosen. Its name is
 * what it shows, each cell preceded by its column's name for screen readers ("Ask price
 * 97,077.60, amount 0.03578, total 3.47K"): spoken commands naming the shown figures find it.
 * Live lists render each frame; a row renders only when what it shows has changed.
 */
export const PickRow = memo(function PickRow({
  cells,
  testId,
  rowKey,
  tabbable,
  hintId,
  pick,
  onPick,
  barClass,
}: PickRowProps) {
  return (
    <li>
      <button
        type="button"
        className={barClass === undefined ? styles.row : `${styles.row} ${barClass}`}
        data-testid={testId}
        data-row-key={rowKey}
        tabIndex={tabbable ? 0 : -1}
        aria-describedby={hintId}
        onClick={() => onPick(pick)}
      >
        {cells.map((cell, i) => (
          <span key={cell.name} className={cell.className}>
            <span className="sr-only">
              {i === 0 ? '' : ', '}
              {cell.name}{' '}
            </span>
            {cell.text}
          </span>
        ))}
      </button>
    </li>
  );
}, sameRow);

/** Said of every row through `hintId`: choosing one fills the order form; arrows move. */
export function PickHint({ id }: { id: string }) {
  const { t } = useTranslation('market');
  return (
    <p id={id} className="sr-only">
      {t('book.hint')}
    </p>
  );
}
