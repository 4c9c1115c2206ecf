import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { ChartTitle, useExactPair } from '@/features/market/components/chart-title';
import styles from './custom-chart.module.css';

/** Spec section 9: the standalone chart is 400 px high. */
const STANDALONE_CHART_HEIGHT = 400;

const PriceChart = lazy(() => import('@/features/chart/components/price-chart'));

/** /custom-chart/{symbol}: the chart alone (spec section 2), titled with its pair. */
export function Component() {
  const { symbol = '' } = useParams();
  const { unknown } = useExactPair(symbol.toUpperCase());
  return (
    <main className={styles.page}>
      <ChartTitle symbol={symbol.toUpperCase()} />
      {!unknown && (
        <Suspense fallback={<div style={{ height: STANDALONE_CHART_HEIGHT }} />}>
          <PriceChart symbol={symbol.toUpperCase()} height={STANDALONE_CHART_HEIGHT} />
        </Suspense>
      )}
    </main>
  );
}
