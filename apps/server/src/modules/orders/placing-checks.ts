import type { Side } from '@exchange/engine';
import { formatAmount } from '../../core/money.js';
import { AppError } from '../../lib/app-error.js';
import { said } from '../../lib/messages.js';
import type { CoreState } from '../../core/core-state.js';
import { notional, type Pair } from '../../core/trading/pairs.js';
import { stopCrossed } from '../../core/trading/execution.js';
import { capExceeded } from '../../core/trading/order-caps.js';

/**
 * What every order is checked for first (after its client order id, `client-ids.ts`): the
 * account, the pair, and the user's caps on the pair for what it may leave resting (`adding`:
 * open orders and stops).
 */
export function checkPlacing(
  state: CoreState,
  pair: Pair,
  userId: string,
  adding: { orders: number; stops: number },
) {
  state.refuseLocked(userId);
  if (pair.status !== 'trading')
    throw new AppError('CONFLICT', said('pairHalted', pair.symbol), { reason: 'MARKET_CLOSED' });
  const { trading } = state;
  const open = {
    orders: trading.openOrders.countOf(userId, pair.symbol),
    stops: trading.stops.get(pair.symbol)?.countOf(userId) ?? 0,
  };
  const cap = capExceeded(open, adding, trading.caps);
  if (cap === 'orders')
    throw new AppError(
      'TOO_MANY_ORDERS',
      said('tooManyOpenOrders', trading.caps.openOrdersPerPair, pair.symbol),
    );
  if (cap === 'stops')
    throw new AppError(
      'TOO_MANY_ORDERS',
      said('tooManyStops', trading.caps.stopsPerPair, pair.symbol),
    );
}

export const minValueError = (pair: Pair) =>
  new AppError(
    'BAD_REQUEST',
    said('minOrderValue', formatAmount(pair.minNotional), pair.quote.shortName),
    { reason: 'NOTIONAL' },
  );

/**
 * A stop must not be crossed already (Binance refuses such an order too): a sell stop below the
 * last trade price, a buy stop above it. Stop-limit orders rest until triggered: GTC only.
 */
export function checkStop(state: CoreState, pair: Pair, side: Side, stopTicks: number): void {
  const last = state.trading.lastTicks.get(pair.symbol);
  if (last !== undefined && stopCrossed(side, stopTicks, last))
    throw new AppError(
      'BAD_REQUEST',
      side === 'sell' ? said('sellStopBelowLast') : said('buyStopAboveLast'),
      { reason: 'STOP_WOULD_TRIGGER' },
    );
}

/** What a limit order (or a stop-limit order's limit) of `lots` at `ticks` holds. */
export const limitNeed = (pair: Pair, side: Side, ticks: number, lots: number): bigint =>
  side === 'sell' ? BigInt(lots) * pair.lotUnits : notional(pair, ticks, lots);
