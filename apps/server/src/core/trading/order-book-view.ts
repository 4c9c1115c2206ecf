import type { Engine } from '@exchange/engine';
import type { Pair } from './pairs.js';

export interface BookLevels {
  /** [price, quantity] in ledger units, best first. */
  bids: [bigint, bigint][];
  asks: [bigint, bigint][];
  /** The engine's depth sequence the levels are as of. */
  seq: number;
}

/** The top `levels` of a pair's book in ledger units. */
export function bookLevels(engine: Engine, pair: Pair, levels: number): BookLevels {
  const book = engine.book(pair.symbol);
  if (!book) return { bids: [], asks: [], seq: 0 };
  const depth = book.depth(levels);
  const toUnits = ([ticks, lots]: [number, number]): [bigint, bigint] => [
    BigInt(ticks) * pair.tickUnits,
    BigInt(lots) * pair.lotUnits,
  ];
  return { bids: depth.bids.map(toUnits), asks: depth.asks.map(toUnits), seq: book.depthSeq };
}
