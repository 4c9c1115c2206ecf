import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { Tabs } from '@/components/ui/tabs';
import { useTradingPair } from '../hooks/use-trading-pair';
import { OrderBook, type BookPick } from './order-book';
import styles from './book-panel.module.css';
import { RecentTrades } from './recent-trades';

/** Loaded when its tab is first chosen: the trading screen's first visit does without it. */
const DepthChart = lazy(() => import('./depth-chart'));

type BookTab = 'chart' | 'ordersBook' | 'depth' | 'recentTrades';

/**
 * The order book panel (spec section 2): Order Book, Depth (the depth chart) and Recent Trades tabs. Given a `chart` (a
 * phone's trading screen), the chart is its first tab, open at first.
 */
export function BookPanel({
  symbol,
  onPick,
  chart,
}: {
  symbol: string;
  onPick: (pick: BookPick) => void;
  chart?: ReactNode;
}) {
  const { t } = useTranslation('market');
  const [tab, setTab] = useState<BookTab>(chart ? 'chart' : 'ordersBook');
  const { pair } = useTradingPair(symbol);
  const base = pair?.base_token.short_name ?? '';
  const quote = pair?.quote_token.short_name ?? '';
  const steps = { tick: pair?.tick_size, lot: pair?.lot_size };
  const shown = pair?.symbol ?? symbol;
  return (
    <section className={styles.panel} aria-label={t(chart ? 'book.panelWithChart' : 'book.panel')}>
      <Tabs
        label={t('book.tabs')}
        className={styles.tabs}
        value={tab}
        onValueChange={setTab}
        items={[
          ...(chart ? [{ value: 'chart' as const, label: t('book.chart'), content: chart }] : []),
          {
            value: 'ordersBook',
            hasFocusable: true,
            label: t('book.orderBook'),
            content: (
              <OrderBook
                symbol={shown}
                lastPrice={pair?.price}
                baseName={base}
                quoteName={quote}
                steps={steps}
                onPick={onPick}
              />
            ),
          },
          {
            value: 'depth',
            label: t('book.depth'),
            content: (
              <Suspense fallback={<Spinner />}>
                <DepthChart symbol={shown} baseName={base} />
              </Suspense>
            ),
          },
          {
            value: 'recentTrades',
            label: t('book.recentTrades'),
            content: (
              <RecentTrades
                symbol={shown}
                baseName={base}
                quoteName={quote}
                steps={steps}
                onPick={onPick}
              />
            ),
          },
        ]}
      />
    </section>
  );
}
