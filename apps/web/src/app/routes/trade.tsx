import type { MarketSymbol } from '@exchange/contracts';
import {
  lazy,
  memo,
  Suspense,
  useCallback,
  useDeferredValue,
  useState,
  type ComponentProps,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { DialogLoader } from '@/components/ui/dialog-loader';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useProfile } from '@/features/auth/hooks/use-profile';
import { usePrefetchCandles } from '@/features/chart/api/get-candles';
import { useAfterFirstPaint } from '@/lib/use-after-first-paint';
import { BookPanel } from '@/features/market/components/book-panel';
import type { BookPick } from '@/features/market/components/order-book';
import { PairHeader } from '@/features/market/components/pair-header';
import { usePairListing, useTradingPair } from '@/features/market/hooks/use-trading-pair';
import type { DepositCoin } from '@/features/orders/components/available-balance';
import type { Account } from '@/features/orders/components/order-access';
import { OrderForm } from '@/features/orders/components/order-form';
import { OrdersPanel } from '@/features/orders/components/orders-panel';
import { TradeBar } from '@/features/orders/components/trade-bar';
import type { OrderFill } from '@/features/orders/hooks/use-order-fill';
import type { Side } from '@/features/orders/order-form-model';
import { formatPair } from '@/lib/format';
import { usePhone } from '@/lib/use-media-query';
import { TradeDeposit } from '../trade-deposit';
import styles from './trade.module.css';

/**
 * Spec section 9: the chart panel is 712 px high; on a phone it is a tab beside the book, its
 * candles 400 px high below a toolbar of two rows.
 */
const PANEL_CHART_HEIGHT = 712;
const PHONE_CHART_HEIGHT = 480;

// The chart's code starts loading with this screen's (its legend is a phone's largest text, the
// page's largest contentful paint) and shows after the first paint; the deposit dialog and the
// phone's order sheet load when they are needed.
const loadPriceChart = () => import('@/features/chart/components/price-chart');
void loadPriceChart();
const PriceChart = lazy(loadPriceChart);
// Loads after the page: the price alert button (signed-in users) costs the first visit nothing.
const PriceAlertButton = lazy(() =>
  import('@/features/notifications/components/price-alert-button').then((m) => ({
    default: m.PriceAlertButton,
  })),
);
const Dialog = lazy(() => import('@/components/ui/dialog').then((m) => ({ default: m.Dialog })));

function useAccount(): Account {
  const { signedIn, profile } = useProfile();
  if (!signedIn) return 'visitor';
  const status = profile?.verification_request_status;
  if (status === 'approved') return 'verified';
  return status === 'pending_identity' ? 'reviewing' : 'unverified';
}

/** /{symbol}: the spot trading screen of spec section 2. */
export function Component() {
  // The screen's catalogs load together, not one after another as each panel asks for its own.
  const { t } = useTranslation(['market', 'orders', 'stop-orders']);
  const { symbol = '' } = useParams();
  const routeSymbol = symbol.toUpperCase();
  // The pair as listed: a ticker (its price, its status) renders the header and the order form,
  // which read it themselves, not this screen.
  const { pair, isLoading } = usePairListing(routeSymbol);
  const { signedIn } = useProfile();
  // The chart's candles are asked for at once, beside the pair list and the chart's code.
  usePrefetchCandles(routeSymbol);
  // The store's updates render at once and in one task; the panels, heavy, render from a
  // deferred copy, in short slices (memo: the urgent render, with the copy unchanged, skips them).
  const shown = useDeferredValue(pair);
  const [deposit, setDeposit] = useState<DepositCoin | null>(null);
  const [depositOpen, setDepositOpen] = useState(false);
  const onDeposit = useCallback((coin: DepositCoin) => {
    setDeposit(coin);
    setDepositOpen(true);
  }, []);

  if (!symbol || symbol === 'undefined') return <Navigate to={paths.trade.getHref()} replace />;
  // An unknown symbol shows the first listed pair (spec section 2), and the address says which.
  if (pair && pair.symbol !== routeSymbol)
    return <Navigate to={paths.trade.getHref(pair.symbol)} replace />;
  return (
    <div className={styles.page}>
      <PairHeader
        symbol={routeSymbol}
        extra={
          signedIn
            ? (p, name) => (
                <Suspense fallback={null}>
                  <PriceAlertButton
                    symbol={p.symbol}
                    pairName={name}
                    quote={p.quote_token.short_name}
                    lastPrice={p.price}
                  />
                </Suspense>
              )
            : undefined
        }
      />
      {!shown ? (
        isLoading || pair ? (
          <Spinner label={t('market:trade.loading')} />
        ) : (
          <p className={styles.status}>{t('market:trade.unavailable')}</p>
        )
      ) : (
        <TradePanels pair={shown} routeSymbol={routeSymbol} onDeposit={onDeposit} />
      )}
      {deposit && <TradeDeposit coin={deposit} open={depositOpen} onOpenChange={setDepositOpen} />}
    </div>
  );
}

/**
 * The order form with the pair's live price and trading status: a ticker (once a second)
 * renders the form alone, not the chart, book and orders around it.
 */
function LiveOrderForm(props: Omit<ComponentProps<typeof OrderForm>, 'lastPrice' | 'halted'>) {
  const { pair } = useTradingPair(props.rules.symbol);
  return <OrderForm {...props} lastPrice={pair?.price} halted={pair?.status === 'halted'} />;
}

interface TradePanelsProps {
  pair: MarketSymbol;
  routeSymbol: string;
  onDeposit: (coin: DepositCoin) => void;
}

/**
 * The chart, book, order form and orders. Tablet and desktop: a grid. A phone (below 768 px):
 * the chart, book and recent trades as tabs, then the orders, with Buy and Sell fixed at the
 * foot of the viewport; each opens the same order form in a sheet.
 */
const TradePanels = memo(function TradePanels({ pair, routeSymbol, onDeposit }: TradePanelsProps) {
  const { t } = useTranslation('market');
  const account = useAccount();
  const phone = usePhone();
  // The header and the form paint first; the chart and the book, heavier, right after.
  const painted = useAfterFirstPaint();
  // A pick fills the form of the pair it was made on, never the next pair's (client navigation).
  const [fill, setFill] = useState<(OrderFill & { symbol: string }) | null>(null);
  // The phone's order sheet, open on a side.
  const [sheet, setSheet] = useState<Side | null>(null);
  const onPick = useCallback(
    (pick: BookPick) => {
      setFill((f) => ({ ...pick, symbol: routeSymbol, nonce: (f?.nonce ?? 0) + 1 }));
      // On a phone the form is out of sight until asked for: a picked row opens it.
      if (phone) setSheet((side) => side ?? 'buy');
    },
    [routeSymbol, phone],
  );
  const closeSheet = useCallback(() => {
    setSheet(null);
    // The sheet's form is new each time it opens: a pick it used must not fill it again.
    setFill(null);
  }, []);

  const orderForm = (side?: Side) => (
    // Keyed by pair: switching pairs starts an empty form, not one priced in the last.
    <LiveOrderForm
      key={pair.symbol}
      rules={{
        symbol: pair.symbol,
        base: pair.base_token.short_name,
        quote: pair.quote_token.short_name,
        tick_size: pair.tick_size,
        lot_size: pair.lot_size,
        min_notional: pair.min_notional,
        taker_fee: pair.taker_fee,
      }}
      baseId={pair.base_token._id}
      quoteId={pair.quote_token._id}
      account={account}
      fill={fill?.symbol === routeSymbol ? fill : null}
      onDeposit={onDeposit}
      {...(side ? { initialSide: side, onPlaced: closeSheet, bare: true } : {})}
    />
  );
  const chart = (height: number) => {
    const slot = <div className={styles.chartSlot} style={{ height }} />;
    if (!painted) return slot;
    return (
      <Suspense fallback={slot}>
        <PriceChart symbol={pair.symbol} height={height} />
      </Suspense>
    );
  };
  const orders = <OrdersPanel signedIn={account !== 'visitor'} />;

  if (phone) {
    return (
      <div className={styles.phone}>
        {/* At once: the chart tab's slot holds the chart's height, so nothing below moves. */}
        <BookPanel symbol={pair.symbol} onPick={onPick} chart={chart(PHONE_CHART_HEIGHT)} />
        {orders}
        <TradeBar base={pair.base_token.short_name} onOpen={setSheet} />
        <DialogLoader open={sheet !== null}>
          <Dialog
            open={sheet !== null}
            onOpenChange={(open) => !open && closeSheet()}
            title={t('trade.sheet', { pair: formatPair(pair.symbol) })}
            size="sheet"
          >
            {sheet && orderForm(sheet)}
          </Dialog>
        </DialogLoader>
      </div>
    );
  }
  return (
    <div className={styles.grid}>
      <div className={styles.chart}>{chart(PANEL_CHART_HEIGHT)}</div>
      <div className={styles.book}>
        {painted && <BookPanel symbol={pair.symbol} onPick={onPick} />}
      </div>
      <div className={styles.form}>{orderForm()}</div>
      <div className={styles.orders}>{orders}</div>
    </div>
  );
});
