import type {
  OrderBookUpdate,
  OrderDto,
  RecentTrade,
  TickerStats,
  WalletBalance,
} from '@exchange/contracts';
import type { BestLevels } from '../modules/binance/dto.js';
import type { BalanceMove, OrderFill } from '../modules/market/user-updates.js';
import type { SessionEnd } from '../modules/sessions/session-ends.js';

/** A pair's best bid and ask with their quantities, each a count of units (JSON has no bigint). */
export type BestOnWire = Record<keyof BestLevels, string>;

export const bestToWire = (b: BestLevels): BestOnWire => ({
  bidPrice: String(b.bidPrice),
  bidQty: String(b.bidQty),
  askPrice: String(b.askPrice),
  askQty: String(b.askQty),
});

export const bestFromWire = (b: BestOnWire): BestLevels => ({
  bidPrice: BigInt(b.bidPrice),
  bidQty: BigInt(b.bidQty),
  askPrice: BigInt(b.askPrice),
  askQty: BigInt(b.askQty),
});

/** One call of the core's market sink, or a session's end, as published on the broker. */
export type SinkEvent =
  /** With each pair's best bid and ask as they were when the tickers left (`@ticker`). */
  | { kind: 'tickers'; tickers: TickerStats[]; best: Record<string, BestOnWire> }
  | { kind: 'orderBook'; update: OrderBookUpdate }
  | { kind: 'trades'; symbol: string; trades: RecentTrade[] }
  | { kind: 'order'; userId: string; order: OrderDto; fills?: OrderFill[] }
  | { kind: 'balances'; userId: string; balances: WalletBalance[]; changed?: string[] }
  /** Spot balances moved by no order (Binance's `balanceUpdate`), before their `balances`. */
  | { kind: 'balanceMoves'; userId: string; moves: BalanceMove[] }
  /** Sessions the core ended (a logout, a revocation, a password reset, a lock): their sockets close. */
  | { kind: 'sessionEnd'; end: SessionEnd }
  /** An API key the core revoked: its order-entry connections close. */
  | { kind: 'keyRevoked'; apiKeyId: string };

/** `seq` counts from 1 within an `epoch`: each start of a core begins a new epoch. */
export interface CoreEvent {
  epoch: string;
  seq: number;
  /** When the core published it (ms since the epoch): a gateway's event lag (metrics). */
  at?: number;
  event: SinkEvent;
}

export interface SocketAuthAnswer {
  user: { userId: string; sessionId: string | null } | null;
}

/** A standby core's word while it waits: the rows its last look at the tables read. */
export interface StandbyReport {
  pid: number;
  rows: number;
}

/** The core's answer to a gateway's ping: it is there, and the symbols the feed may follow. */
export interface PingAnswer {
  epoch: string;
  symbols: string[];
  /** How often the core's broker connection came back after a cut: a change loses replies. */
  links: number;
}
