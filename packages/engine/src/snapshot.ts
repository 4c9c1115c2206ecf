import type { BookSpec, Side } from './types.js';

/** [orderId, account, side, price, remaining, filled], in priority order: best level first, oldest first. */
export type SnapshotOrder = [number, number, Side, number, number, number];

export interface BookSnapshot {
  spec: BookSpec;
  halted: boolean;
  depthSeq: number;
  tradeSeq: number;
  orders: SnapshotOrder[];
}

/** Plain JSON: it can be written anywhere and read back by `Engine.restore`. */
export interface EngineSnapshot {
  version: 1;
  books: BookSnapshot[];
}
