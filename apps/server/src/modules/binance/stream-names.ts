import type { Pair } from '../../core/trading/pairs.js';
import { KLINE_INTERVALS } from './exchange-info.js';

/** The market streams of one pair this API serves (Binance's names after `<symbol>@`). */
export type PairStream =
  | { kind: 'depth' | 'depth@100ms' | 'trade' | 'aggTrade' | 'miniTicker' | 'ticker' }
  | { kind: 'kline'; interval: string; seconds: number };

export const ALL_MINI_TICKERS = '!miniTicker@arr';
const KINDS = new Set(['depth', 'depth@100ms', 'trade', 'aggTrade', 'miniTicker', 'ticker']);

/** A stream's name as Binance spells it: the symbol in lower case. */
export const streamName = (symbol: string, kind: string) => `${symbol.toLowerCase()}@${kind}`;

/** Whether a stream name (no `@`) may be a user data stream's listen key. */
export const isListenKeyName = (name: string): boolean => /^[A-Za-z0-9_-]{1,80}$/.test(name);

/**
 * What a stream name asks for: a pair's stream, every pair's mini tickers, or (no `@`) a user
 * data stream's listen key; null for a name this API does not serve.
 */
export function parseStreamName(
  name: string,
  findPair: (symbol: string) => Pair | undefined,
): { pair: Pair; stream: PairStream } | 'all-mini-tickers' | { listenKey: string } | null {
  if (name === ALL_MINI_TICKERS) return 'all-mini-tickers';
  const at = name.indexOf('@');
  if (at < 0) return isListenKeyName(name) ? { listenKey: name } : null;
  const symbol = name.slice(0, at);
  const pair = symbol === symbol.toLowerCase() ? findPair(symbol) : undefined;
  if (!pair) return null;
  const kind = name.slice(at + 1);
  if (KINDS.has(kind)) return { pair, stream: { kind } as PairStream };
  if (kind.startsWith('kline_')) {
    const interval = kind.slice('kline_'.length);
    const seconds = KLINE_INTERVALS[interval];
    if (seconds !== undefined) return { pair, stream: { kind: 'kline', interval, seconds } };
  }
  return null;
}
