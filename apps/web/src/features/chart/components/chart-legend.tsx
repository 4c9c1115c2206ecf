import { useTranslation } from 'react-i18next';
import { priceAxisFormatter } from '../chart-model';
import styles from './price-chart.module.css';

export interface Ohlc {
  open: number;
  high: number;
  low: number;
  close: number;
}

/**
 * Open, High, Low, Close of the live or hovered candle, to 2 decimals (spec section 2) or the
 * pair's own precision when its prices carry more (chart-model's pricePrecision).
 */
export function ChartLegend({ ohlc, precision = 2 }: { ohlc: Ohlc | null; precision?: number }) {
  const { t } = useTranslation('chart');
  if (!ohlc) return null;
  // Grouped as the price axis is, in lakhs with Indian grouping (W4-24): "85,84,472.00".
  const two = priceAxisFormatter(precision);
  const tone = ohlc.close >= ohlc.open ? styles.up : styles.down;
  // Each name stays beside its value; a narrow chart (Hindi names on a phone) wraps between them.
  const item = (name: 'open' | 'high' | 'low' | 'close') => (
    <span className={styles.legendItem}>
      {t(`legend.${name}`)} <span className={tone}>{two(ohlc[name])}</span>
    </span>
  );
  return (
    <p className={styles.legend} data-testid="chart-legend">
      {item('open')} {item('high')} {item('low')} {item('close')}
    </p>
  );
}
