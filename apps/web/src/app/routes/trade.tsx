import { lazy, Suspense, useCallback, useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useProfile } from '@/features/auth/hooks/use-profile';
import { useAfterFirstPaint } from '@/lib/use-after-first-paint';
import { BookPanel } from '@/features/market/components/book-panel';
import type { BookPick } from '@/features/market/components/order-book';
import { PairHeader } from '@/features/market/components/pair-header';
import { useTradingPair } from '@/features/market/hooks/use-trading-pair';
import type { DepositCoin } from '@/features/orders/components/available-balance';
import type { Account } from '@/features/orders/components/order-access';
import { OrderForm } from '@/features/orders/components/order-form';
import { OrdersPanel } from '@/features/orders/components/orders-panel';
import type { OrderFill } from '@/features/orders/hooks/use-order-fill';
import styles from './trade.module.css';

/** Spec section 9: the chart panel is 712 px high. */
const PANEL_CHART_HEIGHT = 712;

// The chart and the deposit dialog load after the first paint, when they are needed.
const PriceChart = lazy(() => import('@/features/chart/components/price-chart'));
const DepositDialog = lazy(() =>
  import('@/features/deposits/components/deposit-dialog').then((m) => ({
    default: m.DepositDialog,
  })),
);

function useAccount(): Account {
  const { signedIn, profile } = useProfile();
  if (!signedIn) return 'visitor';
  return profile?.verification_request_status === 'approved' ? 'verified' : 'unverified';
}

const chartSlot = <div className={styles.chartSlot} style={{ height: PANEL_CHART_HEIGHT }} />;

/** /{symbol}: the spot trading screen of spec section 2. */
export function Component() {
  const { symbol = '' } = useParams();
  const routeSymbol = symbol.toUpperCase();
  const { pair, isLoading } = useTradingPair(routeSymbol);
  const account = useAccount();
  // The header and the form paint first; the chart and the book, heavier, right after.
  const painted = useAfterFirstPaint();
  // A pick fills the form of the pair it was made on, never the next pair's (client navigation).
  const [fill, setFill] = useState<(OrderFill & { symbol: string }) | null>(null);
  const [deposit, setDeposit] = useState<DepositCoin | null>(null);
  const [depositOpen, setDepositOpen] = useState(false);
  const onPick = useCallback(
    (pick: BookPick) =>
      setFill((f) => ({ ...pick, symbol: routeSymbol, nonce: (f?.nonce ?? 0) + 1 })),
    [routeSymbol],
  );
  const onDeposit = useCallback((coin: DepositCoin) => {
    setDeposit(coin);
    setDepositOpen(true);
  }, []);

  if (!symbol || symbol === 'undefined') return <Navigate to={paths.trade.getHref()} replace />;
  return (
    <div className={styles.page}>
      <PairHeader symbol={routeSymbol} />
      {!pair ? (
        isLoading ? (
          <Spinner label="Loading market" />
        ) : (
          <p className={styles.status}>Market data unavailable.</p>
        )
      ) : (
        <div className={styles.grid}>
          <div className={styles.chart}>
            {painted ? (
              <Suspense fallback={chartSlot}>
                <PriceChart symbol={pair.symbol} height={PANEL_CHART_HEIGHT} />
              </Suspense>
            ) : (
              chartSlot
            )}
          </div>
          <div className={styles.book}>
            {painted && <BookPanel symbol={pair.symbol} onPick={onPick} />}
          </div>
          <div className={styles.form}>
            {/* Keyed by pair: switching pairs starts an empty form, not one priced in the last. */}
            <OrderForm
              key={pair.symbol}
              rules={{
                symbol: pair.symbol,
                base: pair.base_token.short_name,
                quote: pair.quote_token.short_name,
                tick_size: pair.tick_size,
                lot_size: pair.lot_size,
                min_notional: pair.min_notional,
              }}
              baseId={pair.base_token._id}
              quoteId={pair.quote_token._id}
              lastPrice={pair.price}
              halted={pair.status === 'halted'}
              account={account}
              fill={fill?.symbol === routeSymbol ? fill : null}
              onDeposit={onDeposit}
            />
          </div>
          <div className={styles.orders}>
            <OrdersPanel signedIn={account !== 'visitor'} />
          </div>
        </div>
      )}
      {deposit && (
        <Suspense fallback={null}>
          <DepositDialog
            open={depositOpen}
            onOpenChange={setDepositOpen}
            token={{ id: deposit.id, short_name: deposit.short_name }}
          />
        </Suspense>
      )}
    </div>
  );
}
