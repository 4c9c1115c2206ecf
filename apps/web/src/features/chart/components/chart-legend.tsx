import styles from './price-chart.module.css';

export interface Ohlc {
  open: number;
  high: number;
  low: number;
  close: number;
}

const two = (n: number) => n.toFixed(2);

/** Open, High, Low, Close to 2 decimals (spec section 2), of the live or hovered candle. */
export function ChartLegend({ ohlc }: { ohlc: Ohlc | null }) {
  if (!ohlc) return null;
  const tone = ohlc.close >= ohlc.open ? styles.up : styles.down;
  return (
    <p className={styles.legend} data-testid="chart-legend">
      O <span className={tone}>{two(ohlc.open)}</span> H{' '}
      <span className={tone}>{two(ohlc.high)}</span> L <span className={tone}>{two(ohlc.low)}</span>{' '}
      C <span className={tone}>{two(ohlc.close)}</span>
    </p>
  );
}
