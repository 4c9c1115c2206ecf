import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { GROUPING_FACTORS, groupStep } from '../book-grouping';
import styles from './book-panel.module.css';

/** The order book's price grouping: the pair's tick, or 10, 100 or 1000 ticks to a row. */
export function BookGrouping({
  tick,
  value,
  onChange,
}: {
  tick: string | undefined;
  value: string | undefined;
  onChange: (step: string) => void;
}) {
  const { t } = useTranslation('trading-tools');
  const id = useId();
  if (!tick) return null;
  return (
    <div className={styles.grouping}>
      <label htmlFor={id}>{t('book.groupBy')}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {GROUPING_FACTORS.map((factor) => {
          const step = groupStep(tick, factor);
          return (
            <option key={factor} value={step}>
              {step}
            </option>
          );
        })}
      </select>
    </div>
  );
}
