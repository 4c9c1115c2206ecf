import type { Side } from '@exchange/engine';
import type { OrderStatus } from '../../db/schema-trading.js';
import type { Pair } from './pairs.js';

/** An order as the core tracks it. Amounts are ledger units; steps are the engine's. */
export interface OrderRecord {
  id: number;
  userId: string;
  pair: Pair;
  side: Side;
  type: 'limit' | 'market';
  /** Limit price; null for a market order. */
  price: bigint | null;
  priceTicks: number | null;
  volume: bigint;
  lots: number;
  filled: bigint;
  filledLots: number;
  quoteFilled: bigint;
  /** Fee charged, in the token this order receives (decision D15). */
  fee: bigint;
  /** TDS deducted from what this order received (section 194S), in the same token as its fee. */
  tds: bigint;
  /** What is still locked for this order: quote for a buy, base for a sell. */
  held: bigint;
  status: OrderStatus;
  cancelReason: string | null;
  /** The client's own id for the order, unique among the user's open orders. */
  clientOrderId: string | null;
  /**
   * A stop-limit order's stop price (null otherwise): it rests untriggered, out of the book, until
   * the pair's last trade price crosses it (a sell stop at or below it, a buy stop at or above).
   */
  stopPrice: bigint | null;
  stopTicks: number | null;
  /** When the stop was crossed and the order entered the book as a limit order. */
  triggeredAt: Date | null;
  /** The other order of its OCO pair (a limit order and a stop-limit order), if any. */
  ocoId: number | null;
  /** Placed to rest only, never to take (Binance's LIMIT_MAKER): refused had it crossed. */
  postOnly: boolean;
  /** The quote amount a market buy was placed to spend (Binance's `quoteOrderQty`), else null. */
  quoteBudget: bigint | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A stop-limit order whose stop has not been crossed yet: held, but not in the book. */
export const isUntriggered = (o: OrderRecord) => o.stopTicks !== null && o.triggeredAt === null;

/** The token an order holds: quote for a buy, base for a sell. */
export const heldToken = (o: OrderRecord) => (o.side === 'buy' ? o.pair.quote : o.pair.base);

/** A trade as written to the ledger's side tables and told to the market data. */
export interface TradeRecord {
  pair: Pair;
  tradeId: number;
  price: bigint;
  quantity: bigint;
  quoteQuantity: bigint;
  takerSide: Side;
  makerOrderId: number;
  takerOrderId: number;
  makerFee: bigint;
  takerFee: bigint;
  time: Date;
}
