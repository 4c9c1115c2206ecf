import { useState, type ReactNode } from 'react';
import { Tabs } from '@/components/ui/tabs';
import { useTradingPair } from '../hooks/use-trading-pair';
import { OrderBook, type BookPick } from './order-book';
import styles from './book-panel.module.css';
import { RecentTrades } from './recent-trades';

type BookTab = 'chart' | 'ordersBook' | 'recentTrades';

/**
 * The order book panel (spec section 2): Order Book and Recent Trades tabs. Given a `chart` (a
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
  const [tab, setTab] = useState<BookTab>(chart ? 'chart' : 'ordersBook');
  const { pair } = useTradingPair(symbol);
  const base = pair?.base_token.short_name ?? '';
  const quote = pair?.quote_token.short_name ?? '';
  const steps = { tick: pair?.tick_size, lot: pair?.lot_size };
  const shown = pair?.symbol ?? symbol;
  return (
    <section
      className={styles.panel}
      aria-label={chart ? 'Chart, order book and recent trades' : 'Order book and recent trades'}
    >
      <Tabs
        label="Market depth"
        value={tab}
        onValueChange={setTab}
        items={[
          ...(chart ? [{ value: 'chart' as const, label: 'Chart', content: chart }] : []),
          {
            value: 'ordersBook',
            label: 'Order Book',
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
            value: 'recentTrades',
            label: 'Recent Trades',
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
