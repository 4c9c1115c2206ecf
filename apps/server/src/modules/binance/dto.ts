import { createHash } from 'node:crypto';
import type { Engine, Level } from '@exchange/engine';
import { ledgerOne } from '../../core/money.js';
import type { OrderRecord } from '../../core/trading/order-record.js';
import type { Pair } from '../../core/trading/pairs.js';
import { percentChange } from '../market/dto.js';
import type { PairTrade } from '../market/service.js';
import { tradeCount, type WindowStats } from '../market/rolling-window.js';
import type { TakerFill } from '../orders/commands.js';
import type { UserTrade } from '../orders/service.js';
import { binanceAmount } from './decimals.js';

/** Binance's order types and times in force as this API takes them. */
export const ORDER_TYPES = ['LIMIT', 'MARKET', 'LIMIT_MAKER', 'STOP_LOSS_LIMIT'] as const;
export type BinanceOrderType = (typeof ORDER_TYPES)[number];
export const TIMES_IN_FORCE = ['GTC', 'IOC', 'FOK'] as const;

/** Binance's order status of ours: an order ended "unfilled" (IOC, FOK, market rest) expired. */
export function orderStatus(o: OrderRecord): string {
  if (o.status === 'open') return o.filled > 0n ? 'PARTIALLY_FILLED' : 'NEW';
  if (o.status === 'filled') return 'FILLED';
  if (o.cancelReason === 'unfilled') return 'EXPIRED';
  return o.cancelReason === 'self-trade' ? 'EXPIRED_IN_MATCH' : 'CANCELED';
}

/** How the order was asked for: known when it was placed here, else its kind (limit: GTC). */
export interface OrderTerms {
  type: BinanceOrderType;
  timeInForce: string;
}

/** An order's Binance type from its record: a post-only limit order is a LIMIT_MAKER. */
export function binanceTypeOf(o: Pick<OrderRecord, 'type' | 'stopPrice' | 'postOnly'>) {
  if (o.type === 'market') return 'MARKET';
  if (o.stopPrice !== null) return 'STOP_LOSS_LIMIT';
  return o.postOnly ? 'LIMIT_MAKER' : 'LIMIT';
}

const termsOf = (o: OrderRecord): OrderTerms => ({ type: binanceTypeOf(o), timeInForce: 'GTC' });

/**
 * Binance's numeric `uid` of an account: ours are UUIDs, so it is the first 52 bits of the
 * SHA-256 of the user's id (a whole number below 2^52, the same on every call and server; two
 * users share one with odds of about n^2 / 2^53, under one in 10,000 for a million users).
 */
export const uidOf = (userId: string): number =>
  Number.parseInt(createHash('sha256').update(userId).digest('hex').slice(0, 13), 16);

/** An order's list id: an OCO's is its first order's id (the limit order's), else -1. */
export const orderListIdOf = (o: Pick<OrderRecord, 'id' | 'ocoId'>): number =>
  o.ocoId === null ? -1 : Math.min(o.id, o.ocoId);

/** The fields every order answer shares (Binance's RESULT answer). */
function orderResult(o: OrderRecord, terms: OrderTerms = termsOf(o)) {
  return {
    symbol: o.pair.symbol,
    orderId: o.id,
    orderListId: orderListIdOf(o),
    clientOrderId: o.clientOrderId ?? '',
    price: binanceAmount(o.price ?? 0n),
    origQty: binanceAmount(o.volume),
    executedQty: binanceAmount(o.filled),
    cummulativeQuoteQty: binanceAmount(o.quoteFilled),
    status: orderStatus(o),
    timeInForce: terms.timeInForce,
    type: terms.type,
    side: o.side === 'buy' ? 'BUY' : 'SELL',
    selfTradePreventionMode: 'NONE',
  };
}

/** GET /order, /openOrders, /allOrders. */
export function toBinanceOrder(o: OrderRecord) {
  return {
    ...orderResult(o),
    stopPrice: binanceAmount(o.stopPrice ?? 0n),
    icebergQty: '0.00000000',
    time: o.createdAt.getTime(),
    updateTime: o.updatedAt.getTime(),
    isWorking: o.status === 'open',
    workingTime: o.createdAt.getTime(),
    origQuoteOrderQty: binanceAmount(o.quoteBudget ?? 0n),
  };
}

/** DELETE /order and each order of DELETE /openOrders. */
export function toCancelledOrder(o: OrderRecord, origClientOrderId: string | undefined) {
  return {
    ...orderResult(o),
    origClientOrderId: origClientOrderId ?? o.clientOrderId ?? '',
    transactTime: o.updatedAt.getTime(),
  };
}

export type ResponseType = 'ACK' | 'RESULT' | 'FULL';

/** POST /order's answer in the asked-for detail. */
export function toPlacedOrder(
  o: OrderRecord,
  fills: TakerFill[],
  terms: OrderTerms,
  detail: ResponseType,
) {
  const ack = {
    symbol: o.pair.symbol,
    orderId: o.id,
    orderListId: orderListIdOf(o),
    clientOrderId: o.clientOrderId ?? '',
    transactTime: o.createdAt.getTime(),
  };
  if (detail === 'ACK') return ack;
  const result = {
    ...ack,
    ...orderResult(o, terms),
    origQuoteOrderQty: binanceAmount(o.quoteBudget ?? 0n),
    workingTime: o.createdAt.getTime(),
  };
  if (detail === 'RESULT') return result;
  const feeAsset = (o.side === 'buy' ? o.pair.base : o.pair.quote).shortName;
  return {
    ...result,
    fills: fills.map((f) => ({
      price: binanceAmount(f.price),
      qty: binanceAmount(f.quantity),
      commission: binanceAmount(f.fee),
      commissionAsset: feeAsset,
      tradeId: f.tradeId,
    })),
  };
}

/** GET /myTrades. */
export function toMyTrade(pair: Pair, t: UserTrade) {
  return {
    symbol: pair.symbol,
    id: t.tradeId,
    orderId: t.orderId,
    orderListId: -1,
    price: binanceAmount(t.price),
    qty: binanceAmount(t.quantity),
    quoteQty: binanceAmount(t.quoteQuantity),
    commission: binanceAmount(t.fee),
    commissionAsset: (t.isBuyer ? pair.base : pair.quote).shortName,
    time: t.time.getTime(),
    isBuyer: t.isBuyer,
    isMaker: t.isMaker,
    isBestMatch: true,
  };
}

/** GET /trades. */
export const toPublicTrade = (t: PairTrade) => ({
  id: Number(t.id),
  price: binanceAmount(t.price),
  qty: binanceAmount(t.quantity),
  quoteQty: binanceAmount(t.quoteQuantity),
  time: t.time.getTime(),
  isBuyerMaker: t.takerSide === 'sell',
  isBestMatch: true,
});

/** GET /aggTrades: each of our trades is its own aggregate (one price, one taker order). */
export const toAggTrade = (t: PairTrade) => ({
  a: Number(t.id),
  p: binanceAmount(t.price),
  q: binanceAmount(t.quantity),
  f: Number(t.id),
  l: Number(t.id),
  T: t.time.getTime(),
  m: t.takerSide === 'sell',
  M: true,
});

/** A book level [price, quantity] as decimal strings. */
export const toLevel = ([price, quantity]: [bigint, bigint]): [string, string] => [
  binanceAmount(price),
  binanceAmount(quantity),
];

/** A pair's best bid and ask with their quantities, in ledger units. */
export interface BestLevels {
  bidPrice: bigint;
  bidQty: bigint;
  askPrice: bigint;
  askQty: bigint;
}

/** The best bid and ask of a pair's book, in ledger units (zeros for an empty side). */
export function bestLevels(engine: Engine, pair: Pair): BestLevels {
  const units = (level: Level | undefined): [bigint, bigint] =>
    level ? [BigInt(level[0]) * pair.tickUnits, BigInt(level[1]) * pair.lotUnits] : [0n, 0n];
  const [bidPrice, bidQty] = units(engine.bestBid(pair.symbol));
  const [askPrice, askQty] = units(engine.bestAsk(pair.symbol));
  return { bidPrice, bidQty, askPrice, askQty };
}

/** The rolling 24 h numbers a ticker shows, from the window and the last price. */
export function tickerNumbers(last: bigint | null, w: WindowStats) {
  const close = last ?? 0n;
  const open = w.open ?? close;
  return {
    priceChange: binanceAmount(close - open),
    priceChangePercent: percentChange(w.open, last),
    weightedAvgPrice: binanceAmount(w.volume === 0n ? 0n : (w.quoteVolume * ledgerOne) / w.volume),
    lastPrice: binanceAmount(close),
    openPrice: binanceAmount(open),
    highPrice: binanceAmount(w.high ?? close),
    lowPrice: binanceAmount(w.low ?? close),
    volume: binanceAmount(w.volume),
    quoteVolume: binanceAmount(w.quoteVolume),
  };
}

/** GET /ticker/24hr, one pair. */
export function toTicker24hr(
  pair: Pair,
  stats: { last: bigint | null; window: WindowStats },
  best: BestLevels,
  nowMs: number,
) {
  const n = tickerNumbers(stats.last, stats.window);
  return {
    symbol: pair.symbol,
    priceChange: n.priceChange,
    priceChangePercent: n.priceChangePercent,
    weightedAvgPrice: n.weightedAvgPrice,
    prevClosePrice: n.openPrice,
    lastPrice: n.lastPrice,
    lastQty: '0.00000000',
    bidPrice: binanceAmount(best.bidPrice),
    bidQty: binanceAmount(best.bidQty),
    askPrice: binanceAmount(best.askPrice),
    askQty: binanceAmount(best.askQty),
    openPrice: n.openPrice,
    highPrice: n.highPrice,
    lowPrice: n.lowPrice,
    volume: n.volume,
    quoteVolume: n.quoteVolume,
    openTime: nowMs - 86_400_000,
    closeTime: nowMs,
    firstId: stats.window.firstId,
    lastId: stats.window.lastId,
    count: tradeCount(stats.window),
  };
}

/** An OCO as Binance's order list (its client id is its limit order's): the two orders it names. */
export function toOrderList(limit: OrderRecord, stop: OrderRecord) {
  const ids = (o: OrderRecord) => ({
    symbol: o.pair.symbol,
    orderId: o.id,
    clientOrderId: o.clientOrderId ?? '',
  });
  return {
    orderListId: orderListIdOf(limit),
    contingencyType: 'OCO',
    listStatusType: 'EXEC_STARTED',
    listOrderStatus: 'EXECUTING',
    listClientOrderId: limit.clientOrderId ?? '',
    transactionTime: limit.createdAt.getTime(),
    symbol: limit.pair.symbol,
    orders: [ids(limit), ids(stop)],
  };
}
