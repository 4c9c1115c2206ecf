import { MARKET_PROTECTION_PERCENT, pairHaltedMessage } from '@exchange/contracts';
import {
  EventBuffer,
  type Command as EngineCommand,
  type Side,
  type TimeInForce,
} from '@exchange/engine';
import { formatAmount } from '../../core/money.js';
import { AppError } from '../../lib/app-error.js';
import type { CoreState } from '../../core/core-state.js';
import type { Command } from '../../core/sequencer.js';
import type { UnitOfWork } from '../../core/unit-of-work.js';
import { heldToken, type OrderRecord } from '../../core/trading/order-record.js';
import { notional, type Pair } from '../../core/trading/pairs.js';
import { applyEngineEvents } from '../../core/trading/settlement.js';
import { clientKey, MAX_PRICE_TICKS } from '../../core/trading/trading-state.js';

/**
 * A limit order's price in engine steps (checked against the pair's tick size) and how long it
 * may rest (GTC when not said); a market order has none, and may spend a quote budget instead of
 * buying a volume (`quoteBudget`, in the engine's notional steps: ticks × lots).
 */
export type OrderPrice =
  | { type: 'limit'; priceTicks: number; timeInForce?: TimeInForce }
  | { type: 'market'; quoteBudget?: number };

export type PlaceOrderInput = OrderPrice & {
  userId: string;
  pair: Pair;
  side: Side;
  /** Engine steps, already checked against the pair's lot size (ignored with a quote budget). */
  lots: number;
  /** The client's own id for it, unique among the user's open orders. */
  clientOrderId?: string | null;
};

/** The worst price a market order may reach, and the best price it starts from. */
function marketBand(state: CoreState, pair: Pair, side: Side): { best: number; limit: number } {
  const level =
    side === 'buy'
      ? state.trading.engine.bestAsk(pair.symbol)
      : state.trading.engine.bestBid(pair.symbol);
  if (!level)
    throw new AppError(
      'BAD_REQUEST',
      `No ${side === 'buy' ? 'sell' : 'buy'} orders to match a market order on ${pair.symbol}`,
    );
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
 * Places an order: checks the pair, holds quote (buy) or base (sell) in the spot wallet, matches
 * in the engine and settles every fill. A market buy holds its volume at the protection price
 * and cannot spend more than that.
 */
export const placeOrder =
  (input: PlaceOrderInput): Command<OrderRecord> =>
  (state, work) => {
    const { pair, side, type, userId } = input;
    const clientOrderId = input.clientOrderId ?? null;
    state.refuseLocked(userId);
    if (pair.status !== 'trading') throw new AppError('CONFLICT', pairHaltedMessage(pair.symbol));
    if (clientOrderId && state.trading.openByClientId(userId, clientOrderId))
      throw new AppError(
        'CONFLICT',
        `Client order id ${clientOrderId} is already used by one of your open orders`,
      );
    const { ticks, valueTicks } = holdPrice(state, input);
    const budget = input.type === 'market' ? (input.quoteBudget ?? null) : null;
    // A budget buys at most what it would at the best price: the order's volume is that bound.
    const lots = budget === null ? input.lots : Math.floor(budget / valueTicks);
    const value = budget === null ? notional(pair, valueTicks, lots) : notional(pair, budget, 1);
    if (value < pair.minNotional || lots === 0) {
      throw new AppError(
        'BAD_REQUEST',
        `Order value must be at least ${formatAmount(pair.minNotional)} ${pair.quote.shortName}`,
      );
    }
    const held =
      side === 'sell'
        ? BigInt(lots) * pair.lotUnits
        : budget === null
          ? notional(pair, ticks, lots)
          : value;
    const order: OrderRecord = {
      id: state.trading.nextOrderId,
      userId,
      pair,
      side,
      type,
      price: type === 'limit' ? BigInt(ticks) * pair.tickUnits : null,
      priceTicks: type === 'limit' ? ticks : null,
      volume: BigInt(lots) * pair.lotUnits,
      lots,
      filled: 0n,
      filledLots: 0,
      quoteFilled: 0n,
      fee: 0n,
      tds: 0n,
      held,
      status: 'open',
      cancelReason: null,
      clientOrderId,
      createdAt: work.now,
      updatedAt: work.now,
    };
    const wallet = state.accounts.user(userId, heldToken(order).id, 'spot');
    work.post('order_hold', String(order.id), [
      { account: wallet, bucket: 'available', amount: -held },
      { account: wallet, bucket: 'locked', amount: held },
    ]);
    state.trading.nextOrderId++;
    work.onUndo(() => (state.trading.nextOrderId = order.id));
    work.setEntry(state.trading.openOrders, order.id, order);
    if (clientOrderId) claimClientOrderId(state, work, order, clientOrderId);
    work.createOrder(order);
    const account = state.trading.accountOf(userId);
    const command: EngineCommand =
      type === 'limit'
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
    execute(state, work, pair, command);
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

export interface CancelOrderInput {
  userId: string;
  orderId: number;
}

/** Cancels the user's own open order; what it still holds returns to the spot wallet. */
export const cancelOrder =
  ({ userId, orderId }: CancelOrderInput): Command<OrderRecord> =>
  (state, work) => {
    const order = state.trading.openOrders.get(orderId);
    if (!order || order.userId !== userId) throw new AppError('NOT_FOUND', 'Order not found');
    execute(state, work, order.pair, { type: 'cancel', symbol: order.pair.symbol, orderId });
    return answerOf(order);
  };

/**
 * The order as this command left it: commands that run before its batch commits (a taker
 * filling it) change the record, and the answer must say what the commit made durable.
 */
const answerOf = (order: OrderRecord): OrderRecord => ({ ...order });

/** Records the order under its client id; sweeps out entries of closed orders when they pile up. */
function claimClientOrderId(
  state: CoreState,
  work: UnitOfWork,
  order: OrderRecord,
  clientOrderId: string,
): void {
  const { clientOrders, openOrders } = state.trading;
  if (clientOrders.size > 2 * openOrders.size + 1_000)
    for (const [key, o] of clientOrders)
      if (o.status !== 'open') work.deleteEntry(clientOrders, key);
  work.setEntry(clientOrders, clientKey(order.userId, clientOrderId), order);
}

export interface CancelClientOrderInput {
  userId: string;
  clientOrderId: string;
}

/** Cancels the user's open order that carries this client order id. */
export const cancelClientOrder =
  ({ userId, clientOrderId }: CancelClientOrderInput): Command<OrderRecord> =>
  (state, work) => {
    const order = state.trading.openByClientId(userId, clientOrderId);
    if (!order) throw new AppError('NOT_FOUND', 'Order not found');
    return cancelOrder({ userId, orderId: order.id })(state, work);
  };

/**
 * Cancels every open order of a user (an account being locked); what they hold returns to the
 * spot wallet. Returns how many there were.
 */
export function cancelUserOrders(state: CoreState, work: UnitOfWork, userId: string): number {
  const open = [...state.trading.openOrders.values()].filter((o) => o.userId === userId);
  for (const order of open)
    execute(state, work, order.pair, {
      type: 'cancel',
      symbol: order.pair.symbol,
      orderId: order.id,
    });
  return open.length;
}

const events = new EventBuffer();

function execute(state: CoreState, work: UnitOfWork, pair: Pair, command: EngineCommand): void {
  events.clear();
  state.trading.execute(command, events);
  applyEngineEvents(state, work, pair, events.toArray(), state.market);
}
