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
  if (!ohlc) return null;
  const two = (n: number) => n.toFixed(precision);
  const tone = ohlc.close >= ohlc.open ? styles.up : styles.down;
  return (
    <p className={styles.legend} data-testid="chart-legend">
      O <span className={tone}>{two(ohlc.open)}</span> H{' '}
      <span className={tone}>{two(ohlc.high)}</span> L <span className={tone}>{two(ohlc.low)}</span>{' '}
      C <span className={tone}>{two(ohlc.close)}</span>
    </p>
  );
}
