import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import styles from './custom-chart.module.css';

/** Spec section 9: the standalone chart is 400 px high. */
const STANDALONE_CHART_HEIGHT = 400;

const PriceChart = lazy(() => import('@/features/chart/components/price-chart'));

/** /custom-chart/{symbol}: the chart alone (spec section 2). */
export function Component() {
  const { symbol = '' } = useParams();
  return (
    <main className={styles.page}>
      <h1 className={styles.title}>{symbol.toUpperCase()}</h1>
      <Suspense fallback={<div style={{ height: STANDALONE_CHART_HEIGHT }} />}>
        <PriceChart symbol={symbol.toUpperCase()} height={STANDALONE_CHART_HEIGHT} />
      </Suspense>
    </main>
  );
}
