import { PANEL_INTERVALS, type ChartKind, type PanelInterval } from '../chart-model';
import styles from './price-chart.module.css';

interface ChartToolbarProps {
  interval: PanelInterval;
  kind: ChartKind;
  onInterval: (interval: PanelInterval) => void;
  onKind: (kind: ChartKind) => void;
}

const KINDS: { value: ChartKind; label: string }[] = [
  { value: 'candles', label: 'Candles' },
  { value: 'bars', label: 'Bars' },
];

/** Interval buttons 1m-1h and the Candles/Bars toggle. */
export function ChartToolbar({ interval, kind, onInterval, onKind }: ChartToolbarProps) {
  return (
    <div className={styles.toolbar}>
      <div role="group" aria-label="Interval" className={styles.group}>
        {PANEL_INTERVALS.map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={value === interval}
            className={styles.button}
            onClick={() => onInterval(value)}
          >
            {value}
          </button>
        ))}
      </div>
      <div role="group" aria-label="Chart type" className={styles.group}>
        {KINDS.map(({ value, label }) => (
          <button
            key={value}
            type="button"
            aria-pressed={value === kind}
            className={styles.button}
            onClick={() => onKind(value)}
          >
            {label}
          </button>
        ))}
      </div>
    </div>
  );
}
