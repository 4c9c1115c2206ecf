/**
 * Commands in, events out. Prices are integer ticks and quantities integer lots of the book's
 * spec (see scale.ts for the decimal conversion); time and ids come in on the command.
 */

export type Side = 'buy' | 'sell';
export type TimeInForce = 'GTC' | 'IOC' | 'FOK' | 'POST_ONLY';

export interface BookSpec {
  symbol: string;
  /** Decimal size of one price tick, e.g. "0.01". */
  tickSize: string;
  /** Decimal size of one quantity lot, e.g. "0.00001". */
  lotSize: string;
  /** Highest accepted price in ticks; maxPrice × maxQuantity must stay a safe integer. */
  maxPrice?: number;
  /** Highest accepted quantity in lots. */
  maxQuantity?: number;
}

export interface PlaceLimit {
  type: 'limit';
  symbol: string;
  orderId: number;
  account: number;
  side: Side;
  price: number;
  quantity: number;
  tif: TimeInForce;
}

/**
 * A market order is immediate-or-cancel. It asks for a base quantity, or (buy only) spends a
 * quote budget expressed in notional units of ticks × lots. `protectPrice` caps how far it may
 * sweep: a buy never trades above it, a sell never below it.
 */
export interface PlaceMarket {
  type: 'market';
  symbol: string;
  orderId: number;
  account: number;
  side: Side;
  quantity?: number;
  quoteAmount?: number;
  protectPrice?: number;
}

export interface CancelOrder {
  type: 'cancel';
  symbol: string;
  orderId: number;
}

/** Lowers a resting order's remaining quantity; it keeps its place in the queue. */
export interface ReduceOrder {
  type: 'reduce';
  symbol: string;
  orderId: number;
  /** The new remaining quantity: at least 1 and less than the current remaining. */
  quantity: number;
}

export interface SetHalted {
  type: 'halt' | 'resume';
  symbol: string;
}

export type Command = PlaceLimit | PlaceMarket | CancelOrder | ReduceOrder | SetHalted;

export type RejectCode =
  | 'UNKNOWN_BOOK'
  | 'BOOK_HALTED'
  | 'INVALID_PRICE'
  | 'INVALID_QUANTITY'
  | 'INVALID_ORDER'
  | 'DUPLICATE_ORDER_ID'
  | 'UNKNOWN_ORDER'
  | 'POST_ONLY_WOULD_CROSS'
  | 'FOK_NOT_FILLABLE';

/**
 * Why an order left the book without filling completely:
 * - `user`: cancelled by a cancel command;
 * - `unfilled`: the rest of an IOC, FOK or market order that found no more liquidity in range;
 * - `self-trade`: a resting order cancelled because an order of the same account met it.
 */
export type CancelReason = 'user' | 'unfilled' | 'self-trade';

export interface AcceptedEvent {
  type: 'accepted';
  symbol: string;
  orderId: number;
  account: number;
}

export interface RejectedEvent {
  type: 'rejected';
  symbol: string;
  orderId: number;
  code: RejectCode;
}

export interface TradeEvent {
  type: 'trade';
  symbol: string;
  tradeId: number;
  price: number;
  quantity: number;
  takerSide: Side;
  makerOrderId: number;
  makerAccount: number;
  takerOrderId: number;
  takerAccount: number;
}

export interface DoneEvent {
  type: 'done';
  symbol: string;
  orderId: number;
  account: number;
  status: 'filled' | 'cancelled';
  reason: 'filled' | CancelReason;
  /** Lots that will never fill (0 when filled). */
  cancelledQuantity: number;
}

export interface ReducedEvent {
  type: 'reduced';
  symbol: string;
  orderId: number;
  account: number;
  quantity: number;
  reducedBy: number;
}

/** The new total at one price level; 0 means the level is gone. */
export interface DepthEvent {
  type: 'depth';
  symbol: string;
  side: Side;
  price: number;
  quantity: number;
  seq: number;
}

export interface HaltEvent {
  type: 'halted' | 'resumed';
  symbol: string;
}

export type EngineEvent =
  AcceptedEvent | RejectedEvent | TradeEvent | DoneEvent | ReducedEvent | DepthEvent | HaltEvent;

/** Where the engine writes events; a plain array is a sink. */
export interface EventSink {
  push(event: EngineEvent): unknown;
}

export interface OrderView {
  orderId: number;
  account: number;
  side: Side;
  price: number;
  remaining: number;
  filled: number;
}

/** A price level as [price, quantity]. */
export type Level = [price: number, quantity: number];

export interface Depth {
  bids: Level[];
  asks: Level[];
}
