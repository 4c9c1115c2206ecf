import { MARKET_PROTECTION_PERCENT } from '@exchange/contracts';
import type { Command as EngineCommand, Side, TimeInForce } from '@exchange/engine';
import { AppError } from '../../lib/app-error.js';
import { said } from '../../lib/messages.js';
import type { CoreState } from '../../core/core-state.js';
import type { Command } from '../../core/sequencer.js';
import type { OrderRecord } from '../../core/trading/order-record.js';
import { notional, type Pair } from '../../core/trading/pairs.js';
import { runEngineAndStops } from '../../core/trading/execution.js';
import { stopValueTicks } from '../../core/trading/order-caps.js';
import { MAX_PRICE_TICKS } from '../../core/trading/trading-state.js';
import { earlierOrder } from './client-ids.js';
import { answerOf, openOrder } from './open-order.js';
import { checkPlacing, checkStop, minValueError } from './placing-checks.js';

/**
 * A limit order's price in engine steps (checked against the pair's tick size) and how long it
 * may rest (GTC when not said), with a stop price for a stop-limit order; a market order has none, and may spend a quote budget instead of
 * buying a volume (`quoteBudget`, in the engine's notional steps: ticks × lots).
 */
export type OrderPrice =
  | { type: 'limit'; priceTicks: number; timeInForce?: TimeInForce; stopTicks?: number }
  | { type: 'market'; quoteBudget?: number };

export type PlaceOrderInput = OrderPrice & {
  userId: string;
  pair: Pair;
  side: Side;
  /** Engine steps, already checked against the pair's lot size (ignored with a quote budget). */
  lots: number;
  /**
   * The client's own id for it: naming the user's order of the last 24 h (or an open one), it
   * makes this a retry of that order (`client-ids.ts`), answered with it, or refused when
   * `retries` is 'refuse' (Binance's API).
   */
  clientOrderId?: string | null;
  retries?: 'answer' | 'refuse';
};

/** The worst price a market order may reach, and the best price it starts from. */
function marketBand(state: CoreState, pair: Pair, side: Side): { best: number; limit: number } {
  const level =
    side === 'buy'
      ? state.trading.engine.bestAsk(pair.symbol)
      : state.trading.engine.bestBid(pair.symbol);
  if (!level) throw new AppError('BAD_REQUEST', said('noOrdersToMatch', side, pair.symbol));
  const [best] = level;
  const band = Math.ceil((best * MARKET_PROTECTION_PERCENT) / 100);
  // The band never leaves the engine's price range, whatever price the best order rests at.
  const limit = side === 'buy' ? Math.min(MAX_PRICE_TICKS, best + band) : Math.max(1, best - band);
  return { best, limit };
}

/**
 * The price an order holds (and a market order sweeps) at, and the price its minimum value is
 * judged at: a limit order's own price, or a market order's band from the best price.
 */
function holdPrice(
  state: CoreState,
  input: PlaceOrderInput,
): { ticks: number; valueTicks: number } {
  if (input.type === 'limit') return { ticks: input.priceTicks, valueTicks: input.priceTicks };
  const band = marketBand(state, input.pair, input.side);
  return { ticks: band.limit, valueTicks: band.best };
}

/** What an order may leave resting: a limit order unless IOC or FOK, a stop, an OCO both. */
function restingOf(input: PlaceOrderInput, stopTicks: number | null) {
  if (stopTicks !== null) return { orders: 1, stops: 1 };
  const rests =
    input.type === 'limit' && input.timeInForce !== 'IOC' && input.timeInForce !== 'FOK';
  return { orders: rests ? 1 : 0, stops: 0 };
}

/**
 * Places an order: checks the pair, holds quote (buy) or base (sell) in the spot wallet, matches
 * in the engine and settles every fill; the pair's stops its trades cross enter the book after
 * it. A market buy holds its volume at the protection price and cannot spend more than that. A
 * stop-limit order holds like its limit order and rests untriggered, out of the book.
 */
export const placeOrder =
  (input: PlaceOrderInput): Command<OrderRecord> =>
  (state, work) => {
    const { pair, side, type, userId } = input;
    const clientOrderId = input.clientOrderId ?? null;
    const stopTicks = input.type === 'limit' ? (input.stopTicks ?? null) : null;
    const shape = {
      symbol: pair.symbol,
      side,
      type,
      priceTicks: input.type === 'limit' ? input.priceTicks : null,
      stopTicks,
      lots: input.type === 'market' && input.quoteBudget !== undefined ? null : input.lots,
      oco: false,
    };
    const earlier = earlierOrder(state, userId, clientOrderId, shape, work.now, input.retries);
    if (earlier) return answerOf(earlier);
    checkPlacing(state, pair, userId, restingOf(input, stopTicks));
    if (stopTicks !== null) {
      const timeInForce = input.type === 'limit' ? input.timeInForce : undefined;
      if ((timeInForce ?? 'GTC') !== 'GTC')
        throw new AppError('BAD_REQUEST', 'A stop-limit order rests until triggered: GTC only');
      checkStop(state, pair, side, stopTicks);
    }
    const { ticks, valueTicks } = holdPrice(state, input);
    const budget = input.type === 'market' ? (input.quoteBudget ?? null) : null;
    // A budget buys at most what it would at the best price: the order's volume is that bound.
    const lots = budget === null ? input.lots : Math.floor(budget / valueTicks);
    const value = budget === null ? notional(pair, valueTicks, lots) : notional(pair, budget, 1);
    if (value < pair.minNotional || lots === 0) throw minValueError(pair);
    // A stop's value is judged at its stop price too: what it holds is worth about that.
    if (
      stopTicks !== null &&
      notional(pair, stopValueTicks(ticks, stopTicks), lots) < pair.minNotional
    )
      throw minValueError(pair);
    const held =
      side === 'sell'
        ? BigInt(lots) * pair.lotUnits
        : budget === null
          ? notional(pair, ticks, lots)
          : value;
    const order = openOrder(state, work, {
      userId,
      pair,
      side,
      type,
      priceTicks: type === 'limit' ? ticks : null,
      lots,
      held,
      clientOrderId,
      stopTicks,
      postOnly: input.type === 'limit' && input.timeInForce === 'POST_ONLY',
      quoteBudget: budget === null ? null : value,
    });
    if (stopTicks !== null) return answerOf(order);
    const account = state.trading.accountOf(userId);
    const command: EngineCommand =
      input.type === 'limit'
        ? {
            type: 'limit',
            symbol: pair.symbol,
            orderId: order.id,
            account,
            side,
            price: ticks,
            quantity: lots,
            tif: input.timeInForce ?? 'GTC',
          }
        : {
            type: 'market',
            symbol: pair.symbol,
            orderId: order.id,
            account,
            side,
            ...(budget === null ? { quantity: lots } : { quoteAmount: budget }),
            protectPrice: ticks,
          };
    runEngineAndStops(state, work, pair, command);
    return answerOf(order);
  };

/** A fill of an order as the taker, as its placing answers it (Binance's FULL answer). */
export interface TakerFill {
  tradeId: number;
  price: bigint;
  quantity: bigint;
  fee: bigint;
}

/** `placeOrder`, answering also the fills the order made at once, as the taker. */
export const placeOrderWithFills =
  (input: PlaceOrderInput): Command<{ order: OrderRecord; fills: TakerFill[] }> =>
  (state, work) => {
    const first = work.trades.length;
    const order = placeOrder(input)(state, work);
    const fills = work.trades.slice(first).map((t) => ({
      tradeId: t.tradeId,
      price: t.price,
      quantity: t.quantity,
      fee: t.takerFee,
    }));
    return { order, fills };
  };
