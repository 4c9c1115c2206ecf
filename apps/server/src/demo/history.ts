import type { Insertable } from 'kysely';
import type { CandlesTable, TradesTable } from '../db/schema-trading.js';
import type { DemoCoin } from './catalog.js';
import { Random } from './random.js';

const MINUTE_MS = 60_000;
/** Bitcoin's typical one-minute volatility (about 3% a day). */
const MINUTE_VOLATILITY = 0.0008;
/** The last minutes of history also get trades rows, so recent trades are not empty. */
const TRADE_MINUTES = 30;

/** What the history generator needs of a listed pair: steps in ledger units. */
export interface HistoryPair {
  id: string;
  tickUnits: bigint;
  lotUnits: bigint;
  notionalUnit: bigint;
}

export interface PairHistory {
  candles: Insertable<CandlesTable>[];
  trades: Insertable<TradesTable>[];
}

interface Minute {
  open: number;
  high: number;
  low: number;
  close: number;
  lots: number;
}

/**
 * One-minute candles for the `minutes` before `endMs` (the start of the current minute): a
 * random walk with volatility that comes and goes, walked backwards from the coin's reference
 * price so that the last close is exactly where the live market starts. Prices are whole ticks,
 * volumes whole lots. Display data only: history moves no money.
 */
export function pairHistory(
  pair: HistoryPair,
  coin: DemoCoin,
  endMs: number,
  minutes: number,
): PairHistory {
  const random = new Random(`history:${coin.shortName}`);
  const tick = Number(coin.tickSize);
  const lot = Number(coin.lotSize);
  const ticks = (price: number) => Math.max(1, Math.round(price / tick));
  const closes = walkBack(random, Math.log(coin.price), minutes, coin.volatility);
  const rows: Minute[] = [];
  for (let i = 0; i < minutes; i++) {
    const close = ticks(Math.exp(closes[i] as number));
    const open = i === 0 ? close : (rows[i - 1] as Minute).close;
    const spread = MINUTE_VOLATILITY * coin.volatility * coin.price * 0.6;
    const high = Math.max(
      open,
      close,
      ticks(Math.max(open, close) * tick + Math.abs(random.normal()) * spread),
    );
    const low = Math.min(
      open,
      close,
      ticks(Math.min(open, close) * tick - Math.abs(random.normal()) * spread),
    );
    const minuteOfDay = ((endMs / MINUTE_MS - minutes + i) % 1440) / 1440;
    const usd =
      coin.levelUsd *
      0.8 *
      Math.exp(0.7 * random.normal()) *
      (1 + 0.3 * Math.sin(2 * Math.PI * minuteOfDay));
    rows.push({ open, high, low, close, lots: Math.max(2, Math.round(usd / coin.price / lot)) });
  }
  const start = endMs - minutes * MINUTE_MS;
  return {
    candles: rows.map((m, i) => candleRow(pair, m, new Date(start + i * MINUTE_MS))),
    trades: tradeRows(pair, rows, start),
  };
}

/** Log prices, oldest first, ending exactly at `last`. */
function walkBack(random: Random, last: number, minutes: number, volatility: number): number[] {
  const logs = new Array<number>(minutes);
  let level = last;
  let regime = 0;
  for (let i = minutes - 1; i >= 0; i--) {
    logs[i] = level;
    regime = 0.995 * regime + 0.03 * random.normal();
    level -= MINUTE_VOLATILITY * volatility * Math.exp(regime) * random.normal();
  }
  return logs;
}

function candleRow(pair: HistoryPair, m: Minute, bucket: Date): Insertable<CandlesTable> {
  const price = (t: number) => (BigInt(t) * pair.tickUnits).toString();
  const vwap = Math.round((m.open + m.high + m.low + m.close) / 4);
  return {
    pair_id: pair.id,
    bucket,
    open: price(m.open),
    high: price(m.high),
    low: price(m.low),
    close: price(m.close),
    volume: (BigInt(m.lots) * pair.lotUnits).toString(),
    quote_volume: (BigInt(vwap) * BigInt(m.lots) * pair.notionalUnit).toString(),
  };
}

/** Two trades in each of the last minutes: at the open and at the close, splitting the volume. */
function tradeRows(pair: HistoryPair, rows: Minute[], start: number): Insertable<TradesTable>[] {
  const trades: Insertable<TradesTable>[] = [];
  let previous = rows[Math.max(0, rows.length - TRADE_MINUTES - 1)]?.close ?? 0;
  for (let i = Math.max(0, rows.length - TRADE_MINUTES); i < rows.length; i++) {
    const m = rows[i] as Minute;
    const first = Math.floor(m.lots / 2);
    for (const [ticks, lots, second] of [
      [m.open, first, 15],
      [m.close, m.lots - first, 45],
    ] as const) {
      trades.push({
        pair_id: pair.id,
        id: String(trades.length + 1),
        price: (BigInt(ticks) * pair.tickUnits).toString(),
        quantity: (BigInt(lots) * pair.lotUnits).toString(),
        quote_quantity: (BigInt(ticks) * BigInt(lots) * pair.notionalUnit).toString(),
        taker_side: ticks >= previous ? 'buy' : 'sell',
        maker_order_id: '0',
        taker_order_id: '0',
        maker_fee: '0',
        taker_fee: '0',
        created_at: new Date(start + i * MINUTE_MS + second * 1000),
      });
      previous = ticks;
    }
  }
  return trades;
}
