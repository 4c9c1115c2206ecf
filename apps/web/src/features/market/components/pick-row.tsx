import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './book-panel.module.css';

/** One cell of a row: what a screen reader says before it, the text shown, its colour. */
export interface PickCell {
  name: string;
  text: string;
  className?: string;
}

interface PickRowProps {
  cells: readonly [PickCell, PickCell, PickCell];
  testId: string;
  /** The row's key among its list's (`useRovingRows`), and whether Tab stops on it. */
  rowKey: string;
  tabbable: boolean;
  /** The id of the text saying what choosing a row does. */
  hintId: string;
  onPick: () => void;
  /** A depth bar behind the row (the order book's): its class and its length, 0 to 1. */
  bar?: { className: string | undefined; length: number };
}

/**
 * A row of the order book or recent trades that fills the order form when chosen. Its name is
 * what it shows, each cell preceded by its column's name for screen readers ("Ask price
 * 97,077.60, amount 0.03578, total 3.47K"): spoken commands naming the shown figures find it.
 */
export function PickRow({ cells, testId, rowKey, tabbable, hintId, onPick, bar }: PickRowProps) {
  const depth = bar && ({ '--depth': `${(bar.length * 100).toFixed(1)}%` } as CSSProperties);
  return (
    <li>
      <button
        type="button"
        className={bar ? `${styles.row} ${bar.className ?? ''}` : styles.row}
        style={depth || undefined}
        data-testid={testId}
        data-row-key={rowKey}
        tabIndex={tabbable ? 0 : -1}
        aria-describedby={hintId}
        onClick={onPick}
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
}

/** Said of every row through `hintId`: choosing one fills the order form; arrows move. */
export function PickHint({ id }: { id: string }) {
  const { t } = useTranslation('market');
  return (
    <p id={id} className="sr-only">
      {t('book.hint')}
    </p>
  );
}
