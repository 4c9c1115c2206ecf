import type { Side } from '@exchange/engine';
import type { SpotMove } from '../ledger/spot-moves.js';
import type { TradeRecord } from './order-record.js';
import type { Pair } from './pairs.js';

/** A trade as the market data sees it once it is durable. Amounts are ledger units. */
export type TradeTick = TradeRecord;

/** A price level's new total; 0 means the level is gone. */
export interface DepthChange {
  side: Side;
  price: bigint;
  quantity: bigint;
}

/** Which of a user's spot balances a batch changed, and its moves of them no order made. */
export interface BalanceChange {
  /** Token ids of the spot balances that changed. */
  spotTokens: readonly string[];
  spotMoves: readonly SpotMove[];
}

/**
 * What the trading core tells the market data and the feed after every durable batch:
 * the trades, each changed book with the engine's depth sequence, and whose orders and
 * balances changed. Implementations must not throw and must not block.
 */
export interface MarketEvents {
  trades(ticks: TradeTick[]): void;
  depth(pair: Pair, changes: DepthChange[], seq: number): void;
  ordersChanged(userId: string, orderIds: string[]): void;
  balancesChanged(userId: string, change?: BalanceChange): void;
  /** A pair's status or fees changed: its ticker goes out again. */
  pairChanged(pair: Pair): void;
}
