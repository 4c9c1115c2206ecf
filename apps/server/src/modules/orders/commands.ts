import { MARKET_PROTECTION_PERCENT } from '@exchange/contracts';
import type { Command as EngineCommand, Side, TimeInForce } from '@exchange/engine';
import { formatAmount } from '../../core/money.js';
import { AppError } from '../../lib/app-error.js';
import { said } from '../../lib/messages.js';
import type { CoreState } from '../../core/core-state.js';
import type { Command } from '../../core/sequencer.js';
import type { UnitOfWork } from '../../core/unit-of-work.js';
import { heldToken, type OrderRecord } from '../../core/trading/order-record.js';
import { notional, type Pair } from '../../core/trading/pairs.js';
import {
  cancelOpenOrder,
  runEngineAndStops,
  stopCrossed,
  undoOf,
} from '../../core/trading/execution.js';
import { capExceeded, stopValueTicks } from '../../core/trading/order-caps.js';
import { MAX_PRICE_TICKS } from '../../core/trading/trading-state.js';
import { claimClientOrderId, earlierOrder } from './client-ids.js';

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

/**
 * What every order is checked for first (after its client order id, `client-ids.ts`): the
 * account, the pair, and the user's caps on the pair for what it may leave resting (`adding`:
 * open orders and stops).
 */
function checkPlacing(
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

/** What an order may leave resting: a limit order unless IOC or FOK, a stop, an OCO both. */
function restingOf(input: PlaceOrderInput, stopTicks: number | null) {
  if (stopTicks !== null) return { orders: 1, stops: 1 };
  const rests =
    input.type === 'limit' && input.timeInForce !== 'IOC' && input.timeInForce !== 'FOK';
  return { orders: rests ? 1 : 0, stops: 0 };
}

const minValueError = (pair: Pair) =>
  new AppError(
    'BAD_REQUEST',
    said('minOrderValue', formatAmount(pair.minNotional), pair.quote.shortName),
    { reason: 'NOTIONAL' },
  );

/**
 * A stop must not be crossed already (Binance refuses such an order too): a sell stop below the
 * last trade price, a buy stop above it. Stop-limit orders rest until triggered: GTC only.
 */
function checkStop(state: CoreState, pair: Pair, side: Side, stopTicks: number): void {
  const last = state.trading.lastTicks.get(pair.symbol);
  if (last !== undefined && stopCrossed(side, stopTicks, last))
    throw new AppError(
      'BAD_REQUEST',
      side === 'sell' ? said('sellStopBelowLast') : said('buyStopAboveLast'),
      { reason: 'STOP_WOULD_TRIGGER' },
    );
}

interface NewOrder {
  userId: string;
  pair: Pair;
  side: Side;
  type: 'limit' | 'market';
  priceTicks: number | null;
  lots: number;
  held: bigint;
  clientOrderId: string | null;
  stopTicks?: number | null;
  ocoId?: number | null;
  postOnly?: boolean;
  quoteBudget?: bigint | null;
}

/**
 * Records a new open order with the next id and holds what it needs: quote (buy) or base (sell)
 * moves from available to locked in the spot wallet.
 */
function openOrder(state: CoreState, work: UnitOfWork, o: NewOrder): OrderRecord {
  const { pair } = o;
  const stopTicks = o.stopTicks ?? null;
  const order: OrderRecord = {
    id: state.trading.nextOrderId,
    userId: o.userId,
    pair,
    side: o.side,
    type: o.type,
    price: o.priceTicks === null ? null : BigInt(o.priceTicks) * pair.tickUnits,
    priceTicks: o.priceTicks,
    volume: BigInt(o.lots) * pair.lotUnits,
    lots: o.lots,
    filled: 0n,
    filledLots: 0,
    quoteFilled: 0n,
    fee: 0n,
    tds: 0n,
    held: o.held,
    status: 'open',
    cancelReason: null,
    clientOrderId: o.clientOrderId,
    stopPrice: stopTicks === null ? null : BigInt(stopTicks) * pair.tickUnits,
    stopTicks,
    triggeredAt: null,
    ocoId: o.ocoId ?? null,
    postOnly: o.postOnly ?? false,
    quoteBudget: o.quoteBudget ?? null,
    createdAt: work.now,
    updatedAt: work.now,
  };
  if (o.held > 0n) {
    const wallet = state.accounts.user(o.userId, heldToken(order).id, 'spot');
    work.post('order_hold', String(order.id), [
      { account: wallet, bucket: 'available', amount: -o.held },
      { account: wallet, bucket: 'locked', amount: o.held },
    ]);
  }
  state.trading.nextOrderId++;
  work.onUndo(() => (state.trading.nextOrderId = order.id));
  work.setEntry(state.trading.openOrders, order.id, order);
  if (o.clientOrderId) claimClientOrderId(state, work, order, o.clientOrderId);
  work.createOrder(order);
  if (stopTicks !== null) {
    state.trading.stopsOf(pair.symbol).add(order, undoOf(work));
    const market = state.market;
    if (market) work.afterCommit(() => market.ordersChanged(order.userId, [String(order.id)]));
  }
  return order;
}

/** What a limit order (or a stop-limit order's limit) of `lots` at `ticks` holds. */
const limitNeed = (pair: Pair, side: Side, ticks: number, lots: number): bigint =>
  side === 'sell' ? BigInt(lots) * pair.lotUnits : notional(pair, ticks, lots);

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

export interface PlaceOcoInput {
  userId: string;
  pair: Pair;
  side: Side;
  lots: number;
  /** The limit order's price. */
  priceTicks: number;
  /** The stop-limit order's stop price and limit price. */
  stopTicks: number;
  stopLimitTicks: number;
  /** The client's id, given to the limit order. */
  clientOrderId?: string | null;
  /** The limit order rests only, never takes (Binance's LIMIT_MAKER leg). */
  postOnly?: boolean;
}

/**
 * Places an OCO pair: a limit order and a stop-limit order on the same side and volume, which
 * name each other. A sell takes profit above and stops a loss below (limit price above the stop
 * price); a buy the other way round. The pair holds once, for the larger need of its two orders
 * (as Binance does): the limit order holds its own need, the stop the rest. A fill of the limit
 * order cancels the stop; the stop's trigger cancels the limit order, its hold passing to the
 * stop. The limit order may match at once.
 */
export const placeOco =
  (input: PlaceOcoInput): Command<[OrderRecord, OrderRecord]> =>
  (state, work) => {
    const { pair, side, userId, lots, priceTicks, stopTicks, stopLimitTicks } = input;
    const clientOrderId = input.clientOrderId ?? null;
    // An OCO's retry is refused (an OCO is one call, and its pair is looked up by its id).
    const shape = {
      symbol: pair.symbol,
      side,
      type: 'limit',
      priceTicks,
      stopTicks: null,
      lots,
      oco: true,
    } as const;
    earlierOrder(state, userId, clientOrderId, shape, work.now, 'refuse');
    checkPlacing(state, pair, userId, { orders: 2, stops: 1 });
    if (side === 'sell' ? priceTicks <= stopTicks : priceTicks >= stopTicks)
      throw new AppError(
        'BAD_REQUEST',
        side === 'sell' ? said('ocoSellPrices') : said('ocoBuyPrices'),
      );
    checkStop(state, pair, side, stopTicks);
    for (const ticks of [priceTicks, stopValueTicks(stopLimitTicks, stopTicks)])
      if (notional(pair, ticks, lots) < pair.minNotional) throw minValueError(pair);
    const limitHeld = limitNeed(pair, side, priceTicks, lots);
    const stopNeed = limitNeed(pair, side, stopLimitTicks, lots);
    const id = state.trading.nextOrderId;
    const common = { userId, pair, side, type: 'limit', lots } as const;
    const limit = openOrder(state, work, {
      ...common,
      priceTicks,
      held: limitHeld,
      clientOrderId,
      ocoId: id + 1,
      postOnly: input.postOnly ?? false,
    });
    const stop = openOrder(state, work, {
      ...common,
      priceTicks: stopLimitTicks,
      held: stopNeed > limitHeld ? stopNeed - limitHeld : 0n,
      clientOrderId: null,
      stopTicks,
      ocoId: id,
    });
    runEngineAndStops(state, work, pair, {
      type: 'limit',
      symbol: pair.symbol,
      orderId: limit.id,
      account: state.trading.accountOf(userId),
      side,
      price: priceTicks,
      quantity: lots,
      tif: input.postOnly ? 'POST_ONLY' : 'GTC',
    });
    return [answerOf(limit), answerOf(stop)];
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

export interface CancelOrderInput {
  userId: string;
  orderId: number;
}

/**
 * Cancels the user's own open order, in the book or an untriggered stop, and with it the other
 * order of its OCO pair; what they still hold returns to the spot wallet.
 */
export const cancelOrder =
  ({ userId, orderId }: CancelOrderInput): Command<OrderRecord> =>
  (state, work) => {
    const order = state.trading.openOrders.get(orderId);
    if (!order || order.userId !== userId) throw new AppError('NOT_FOUND', said('orderNotFound'));
    cancelOpenOrder(state, work, order, 'user');
    const partner = order.ocoId === null ? undefined : state.trading.openOrders.get(order.ocoId);
    if (partner) cancelOpenOrder(state, work, partner, 'user');
    return answerOf(order);
  };

/**
 * The order as this command left it: commands that run before its batch commits (a taker
 * filling it) change the record, and the answer must say what the commit made durable.
 */
const answerOf = (order: OrderRecord): OrderRecord => ({ ...order });

export interface CancelClientOrderInput {
  userId: string;
  clientOrderId: string;
}

/** Cancels the user's open order that carries this client order id. */
export const cancelClientOrder =
  ({ userId, clientOrderId }: CancelClientOrderInput): Command<OrderRecord> =>
  (state, work) => {
    const order = state.trading.openByClientId(userId, clientOrderId);
    if (!order) throw new AppError('NOT_FOUND', said('orderNotFound'));
    return cancelOrder({ userId, orderId: order.id })(state, work);
  };

/** Orders one cancel-all command cancels at most (review N4-H3); the rest in later commands. */
export const CANCELS_PER_COMMAND = 64;

export interface CancelChunkInput {
  userId: string;
  /** Only this pair's orders; all the user's when absent. */
  pair?: Pair | null;
  /** The orders still to cancel, from the chunk before; the first chunk takes the user's own. */
  ids?: number[];
}

/**
 * One chunk of a cancel-all: up to CANCELS_PER_COMMAND of the user's open orders (the first
 * chunk lists them, oldest first: at most the caps' worth per pair). Orders that closed since
 * are skipped; an OCO's other half goes with it. Answers what it cancelled and what is left,
 * which the caller hands to the writer as the next chunk, behind whatever else waits.
 */
export const cancelChunk =
  ({
    userId,
    pair = null,
    ids,
  }: CancelChunkInput): Command<{ cancelled: OrderRecord[]; rest: number[] }> =>
  (state, work) => {
    const { openOrders } = state.trading;
    const todo = ids ?? openOrders.ofUser(userId, pair?.symbol).map((o) => o.id);
    const cancelled: OrderRecord[] = [];
    let i = 0;
    for (; i < todo.length && cancelled.length < CANCELS_PER_COMMAND; i++) {
      const order = openOrders.get(todo[i] as number);
      if (!order || order.userId !== userId) continue;
      cancelOpenOrder(state, work, order, 'user');
      const partner = order.ocoId === null ? undefined : openOrders.get(order.ocoId);
      if (partner) cancelOpenOrder(state, work, partner, 'user');
      cancelled.push(answerOf(order));
    }
    return { cancelled, rest: todo.slice(i) };
  };

/**
 * Cancels every open order of a user (an account being locked); what they hold returns to the
 * spot wallet. Returns how many there were: at most the caps' worth per pair.
 */
export function cancelUserOrders(state: CoreState, work: UnitOfWork, userId: string): number {
  const open = state.trading.openOrders.ofUser(userId);
  for (const order of open)
    if (order.status === 'open') cancelOpenOrder(state, work, order, 'user');
  return open.length;
}
