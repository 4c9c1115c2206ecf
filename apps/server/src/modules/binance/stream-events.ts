import type { OrderBookUpdate, RecentTrade, WalletBalance } from '@exchange/contracts';
import type { Pair } from '../../core/trading/pairs.js';
import { tradeCount, type MinuteCandle, type WindowStats } from '../market/rolling-window.js';
import type { BalanceMove } from '../market/user-updates.js';
import type { BookLevels } from '../../core/trading/order-book-view.js';
import type { BestLevels } from './dto.js';
import { tickerNumbers, toLevel } from './dto.js';
import { binanceAmount, binanceDecimal, binanceLevel } from './decimals.js';

/**
 * The events of Binance's market and user data streams, built from what the market data tells
 * the feed. Field names are Binance's (one letter each), numbers decimal strings.
 */

/** `<symbol>@depth` and `@depth@100ms`: `U` is the first change in the event, `u` the last. */
export function depthUpdate(update: OrderBookUpdate, nowMs: number) {
  return {
    e: 'depthUpdate',
    E: nowMs,
    s: update.symbol,
    U: update.prev_seq + 1,
    u: update.seq,
    b: update.bids.map(binanceLevel),
    a: update.asks.map(binanceLevel),
  };
}

/** `<symbol>@depth<5|10|20>[@100ms]`: the top of the book, as `GET /api/v3/depth` answers it. */
export const partialDepth = (book: BookLevels) => ({
  lastUpdateId: book.seq,
  bids: book.bids.map(toLevel),
  asks: book.asks.map(toLevel),
});

/** `<symbol>@bookTicker`: the best bid and ask as of book update `updateId` (no `e`, as Binance). */
export const bookTickerEvent = (pair: Pair, best: BestLevels, updateId: number) => ({
  u: updateId,
  s: pair.symbol,
  b: binanceAmount(best.bidPrice),
  B: binanceAmount(best.bidQty),
  a: binanceAmount(best.askPrice),
  A: binanceAmount(best.askQty),
});

/** `<symbol>@avgPrice`: the 5 minutes' average price (`avg-price.ts`), `T` the last trade's time. */
export const avgPriceEvent = (pair: Pair, price: bigint, lastTradeMs: number, nowMs: number) => ({
  e: 'avgPrice',
  E: nowMs,
  s: pair.symbol,
  i: '5m',
  w: binanceAmount(price),
  T: lastTradeMs,
});

/** `<symbol>@trade`. */
export const tradeEvent = (t: RecentTrade, nowMs: number) => ({
  e: 'trade',
  E: nowMs,
  s: t.symbol,
  t: Number(t.id),
  p: binanceDecimal(t.price),
  q: binanceDecimal(t.quantity),
  T: t.time,
  m: t.side === 'sell',
  M: true,
});

/** `<symbol>@aggTrade`: each of our trades is its own aggregate. */
export const aggTradeEvent = (t: RecentTrade, nowMs: number) => ({
  e: 'aggTrade',
  E: nowMs,
  s: t.symbol,
  a: Number(t.id),
  p: binanceDecimal(t.price),
  q: binanceDecimal(t.quantity),
  f: Number(t.id),
  l: Number(t.id),
  T: t.time,
  m: t.side === 'sell',
  M: true,
});

export interface PairStats {
  last: bigint | null;
  window: WindowStats;
}

/** `<symbol>@miniTicker` and each entry of `!miniTicker@arr`. */
export function miniTicker(pair: Pair, stats: PairStats, nowMs: number) {
  const n = tickerNumbers(stats.last, stats.window);
  return {
    e: '24hrMiniTicker',
    E: nowMs,
    s: pair.symbol,
    c: n.lastPrice,
    o: n.openPrice,
    h: n.highPrice,
    l: n.lowPrice,
    v: n.volume,
    q: n.quoteVolume,
  };
}

/** `<symbol>@ticker`. */
export function fullTicker(pair: Pair, stats: PairStats, best: BestLevels, nowMs: number) {
  const n = tickerNumbers(stats.last, stats.window);
  return {
    e: '24hrTicker',
    E: nowMs,
    s: pair.symbol,
    p: n.priceChange,
    P: n.priceChangePercent,
    w: n.weightedAvgPrice,
    x: n.openPrice,
    c: n.lastPrice,
    Q: '0.00000000',
    b: binanceAmount(best.bidPrice),
    B: binanceAmount(best.bidQty),
    a: binanceAmount(best.askPrice),
    A: binanceAmount(best.askQty),
    o: n.openPrice,
    h: n.highPrice,
    l: n.lowPrice,
    v: n.volume,
    q: n.quoteVolume,
    O: nowMs - 86_400_000,
    C: nowMs,
    F: stats.window.firstId,
    L: stats.window.lastId,
    n: tradeCount(stats.window),
  };
}

/** `<symbol>@kline_<interval>`: the interval's current candle so far. */
export function klineEvent(
  pair: Pair,
  interval: string,
  seconds: number,
  candle: MinuteCandle,
  nowMs: number,
) {
  return {
    e: 'kline',
    E: nowMs,
    s: pair.symbol,
    k: {
      t: candle.start,
      T: candle.start + seconds * 1000 - 1,
      s: pair.symbol,
      i: interval,
      f: candle.firstId,
      L: candle.lastId,
      o: binanceAmount(candle.open),
      c: binanceAmount(candle.close),
      h: binanceAmount(candle.high),
      l: binanceAmount(candle.low),
      v: binanceAmount(candle.volume),
      n: tradeCount(candle),
      x: false,
      q: binanceAmount(candle.quoteVolume),
      V: binanceAmount(candle.takerBuyVolume),
      Q: binanceAmount(candle.takerBuyQuote),
      B: '0.00000000',
    },
  };
}

/**
 * `balanceUpdate`: a spot balance moved by something other than an order (a transfer from or to
 * the funding wallet, where deposits land and withdrawals leave from), `T` when it moved.
 */
export const balanceUpdate = (move: BalanceMove, nowMs: number) => ({
  e: 'balanceUpdate',
  E: nowMs,
  a: move.asset,
  d: binanceDecimal(move.delta),
  T: move.time,
});

/** `outboundAccountPosition`: the spot balances of `changed` assets (all when not given). */
export function accountPosition(balances: WalletBalance[], nowMs: number, changed?: string[]) {
  const wanted = changed && new Set(changed);
  return {
    e: 'outboundAccountPosition',
    E: nowMs,
    u: nowMs,
    B: balances
      .filter((b) => b.wallet_type === 'spot' && (!wanted || wanted.has(b.token.symbol)))
      .map((b) => ({
        a: b.token.symbol,
        f: binanceDecimal(b.amount),
        l: binanceDecimal(b.locked_balance),
      })),
  };
}
