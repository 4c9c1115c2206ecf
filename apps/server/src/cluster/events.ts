import type {
  OrderBookUpdate,
  OrderDto,
  RecentTrade,
  TickerStats,
  WalletBalance,
} from '@exchange/contracts';
import type { SessionEnd } from '../modules/sessions/session-ends.js';

/** One call of the core's market sink, or a session's end, as published on the broker. */
export type SinkEvent =
  | { kind: 'tickers'; tickers: TickerStats[] }
  | { kind: 'orderBook'; update: OrderBookUpdate }
  | { kind: 'trades'; symbol: string; trades: RecentTrade[] }
  | { kind: 'order'; userId: string; order: OrderDto }
  | { kind: 'balances'; userId: string; balances: WalletBalance[] }
  /** Sessions the core ended (a logout, a revocation, a password reset, a lock): their sockets close. */
  | { kind: 'sessionEnd'; end: SessionEnd }
  /** An API key the core revoked: its order-entry connections close. */
  | { kind: 'keyRevoked'; apiKeyId: string };

/** `seq` counts from 1 within an `epoch`: each start of a core begins a new epoch. */
export interface CoreEvent {
  epoch: string;
  seq: number;
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
}
