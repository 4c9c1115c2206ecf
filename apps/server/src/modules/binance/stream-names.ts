import type { Pair } from '../../core/trading/pairs.js';
import { KLINE_INTERVALS } from './exchange-info.js';

/** The market streams of one pair this API serves (Binance's names after `<symbol>@`). */
export type PairStream =
  | { kind: (typeof KINDS)[number] }
  | { kind: 'kline'; interval: string; seconds: number }
  | PartialDepth;

/** `<symbol>@depth<levels>[@100ms]`: the top `levels` of the book every `ms`. */
export interface PartialDepth {
  kind: 'partialDepth';
  levels: (typeof PARTIAL_LEVELS)[number];
  ms: 100 | 1000;
}

export const ALL_MINI_TICKERS = '!miniTicker@arr';
export const ALL_TICKERS = '!ticker@arr';
const KINDS = [
  'depth',
  'depth@1000ms',
  'depth@100ms',
  'trade',
  'aggTrade',
  'miniTicker',
  'ticker',
  'bookTicker',
  'avgPrice',
] as const;
/** The partial book depths Binance serves. */
export const PARTIAL_LEVELS = [5, 10, 20] as const;

/** The stream names of a pair's partial depths, each with what it sends. */
export const partialDepthStreams = (symbol: string) =>
  PARTIAL_LEVELS.flatMap((levels) =>
    ([1000, 100] as const).map((ms) => ({
      name: streamName(symbol, `depth${levels}${ms === 100 ? '@100ms' : ''}`),
      stream: { kind: 'partialDepth', levels, ms } satisfies PartialDepth,
    })),
  );

/** `depth5`, `depth10@100ms`…: a partial depth's kind; null for any other. */
export function parsePartialDepth(kind: string): PartialDepth | null {
  const match = /^depth(\d+)(@100ms|@1000ms)?$/.exec(kind);
  const levels = PARTIAL_LEVELS.find((n) => String(n) === match?.[1]);
  if (!match || levels === undefined) return null;
  return { kind: 'partialDepth', levels, ms: match[2] === '@100ms' ? 100 : 1000 };
}

/** A stream's name as Binance spells it: the symbol in lower case. */
export const streamName = (symbol: string, kind: string) => `${symbol.toLowerCase()}@${kind}`;

/** Whether a stream name (no `@`) may be a user data stream's listen key. */
export const isListenKeyName = (name: string): boolean => /^[A-Za-z0-9_-]{1,80}$/.test(name);

/**
 * What a stream name asks for: a pair's stream, every pair's mini or full tickers, or (no `@`) a user
 * data stream's listen key; null for a name this API does not serve.
 */
export function parseStreamName(
  name: string,
  findPair: (symbol: string) => Pair | undefined,
):
  | { pair: Pair; stream: PairStream }
  | 'all-mini-tickers'
  | 'all-tickers'
  | { listenKey: string }
  | null {
  if (name === ALL_MINI_TICKERS) return 'all-mini-tickers';
  if (name === ALL_TICKERS) return 'all-tickers';
  const at = name.indexOf('@');
  if (at < 0) return isListenKeyName(name) ? { listenKey: name } : null;
  const symbol = name.slice(0, at);
  const pair = symbol === symbol.toLowerCase() ? findPair(symbol) : undefined;
  if (!pair) return null;
  const kind = name.slice(at + 1);
  if ((KINDS as readonly string[]).includes(kind)) return { pair, stream: { kind } as PairStream };
  const partial = parsePartialDepth(kind);
  if (partial) return { pair, stream: partial };
  if (kind.startsWith('kline_')) {
    const interval = kind.slice('kline_'.length);
    const seconds = KLINE_INTERVALS[interval];
    if (seconds !== undefined) return { pair, stream: { kind: 'kline', interval, seconds } };
  }
  return null;
}
