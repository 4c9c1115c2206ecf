import { BookSide } from './book-side.js';
import { type PriceLevel, RestingOrder } from './price-level.js';
import { checkSpec, MAX_SAFE } from './spec-limits.js';
import type {
  BookSpec,
  CancelOrder,
  CancelReason,
  Depth,
  EventSink,
  OrderView,
  PlaceLimit,
  PlaceMarket,
  ReduceOrder,
  RejectCode,
  Side,
} from './types.js';

const TIME_IN_FORCE = new Set(['GTC', 'IOC', 'FOK', 'POST_ONLY']);

/**
 * One symbol's order book: price-time priority, integer ticks and lots. Self-trade prevention
 * cancels the RESTING order (the newer intention wins) and the incoming order goes on matching.
 */
export class OrderBook {
  readonly symbol: string;
  readonly bids = new BookSide('buy');
  readonly asks = new BookSide('sell');
  readonly orders = new Map<number, RestingOrder>();
  readonly maxPrice: number;
  readonly maxQuantity: number;
  halted = false;
  /** Sequence number of the last depth event. */
  depthSeq = 0;
  /** Id of the last trade. */
  tradeSeq = 0;

  constructor(readonly spec: BookSpec) {
    const limits = checkSpec(spec);
    this.symbol = spec.symbol;
    this.maxPrice = limits.maxPrice;
    this.maxQuantity = limits.maxQuantity;
  }

  placeLimit(cmd: PlaceLimit, sink: EventSink): void {
    const code = this.checkLimit(cmd);
    if (code !== null) return this.reject(cmd.orderId, code, sink);
    const { orderId, account, side, price, quantity } = cmd;
    sink.push({ type: 'accepted', symbol: this.symbol, orderId, account });
    const remaining = this.match(orderId, account, side, price, quantity, MAX_SAFE, sink);
    if (remaining === 0) {
      this.pushDone(orderId, account, 'filled', 0, sink);
    } else if (cmd.tif === 'GTC' || cmd.tif === 'POST_ONLY') {
      const order = new RestingOrder(
        orderId,
        account,
        side,
        price,
        remaining,
        quantity - remaining,
      );
      const level = (side === 'buy' ? this.bids : this.asks).levelAt(price);
      level.append(order);
      this.orders.set(orderId, order);
      this.pushDepth(side, level, sink);
    } else {
      this.pushDone(orderId, account, 'unfilled', remaining, sink);
    }
  }

  placeMarket(cmd: PlaceMarket, sink: EventSink): void {
    const code = this.checkMarket(cmd);
    if (code !== null) return this.reject(cmd.orderId, code, sink);
    const { orderId, account, side } = cmd;
    sink.push({ type: 'accepted', symbol: this.symbol, orderId, account });
    const limit = cmd.protectPrice ?? (side === 'buy' ? MAX_SAFE : 0);
    if (cmd.quoteAmount !== undefined) {
      this.match(orderId, account, side, limit, MAX_SAFE, cmd.quoteAmount, sink);
      // Liquidity left in range after matching means the budget could not buy another lot.
      const best = this.asks.best();
      const spent = best !== undefined && best.price <= limit;
      return this.pushDone(orderId, account, spent ? 'filled' : 'unfilled', 0, sink);
    }
    const quantity = cmd.quantity as number;
    const remaining = this.match(orderId, account, side, limit, quantity, MAX_SAFE, sink);
    this.pushDone(orderId, account, remaining === 0 ? 'filled' : 'unfilled', remaining, sink);
  }

  cancel(cmd: CancelOrder, sink: EventSink): void {
    const order = this.orders.get(cmd.orderId);
    if (order === undefined) return this.reject(cmd.orderId, 'UNKNOWN_ORDER', sink);
    const level = order.level as PriceLevel;
    this.cancelResting(order, 'user', sink);
    this.settleLevel(order.side, level, sink);
  }

  reduce(cmd: ReduceOrder, sink: EventSink): void {
    const order = this.orders.get(cmd.orderId);
    if (order === undefined) return this.reject(cmd.orderId, 'UNKNOWN_ORDER', sink);
    if (!isCount(cmd.quantity) || cmd.quantity >= order.remaining) {
      return this.reject(cmd.orderId, 'INVALID_QUANTITY', sink);
    }
    const reducedBy = order.remaining - cmd.quantity;
    const level = order.level as PriceLevel;
    order.remaining = cmd.quantity;
    level.total -= reducedBy;
    sink.push({
      type: 'reduced',
      symbol: this.symbol,
      orderId: order.id,
      account: order.account,
      quantity: cmd.quantity,
      reducedBy,
    });
    this.pushDepth(order.side, level, sink);
  }

  setHalted(halted: boolean, sink: EventSink): void {
    this.halted = halted;
    sink.push({ type: halted ? 'halted' : 'resumed', symbol: this.symbol });
  }

  depth(levels: number): Depth {
    return { bids: this.bids.top(levels), asks: this.asks.top(levels) };
  }

  order(orderId: number): OrderView | undefined {
    const o = this.orders.get(orderId);
    return (
      o && {
        orderId: o.id,
        account: o.account,
        side: o.side,
        price: o.price,
        remaining: o.remaining,
        filled: o.filled,
      }
    );
  }

  /** Puts a restored order at the back of its level's queue, as snapshots list them in priority order. */
  restoreOrder(view: OrderView): void {
    const order = new RestingOrder(
      view.orderId,
      view.account,
      view.side,
      view.price,
      view.remaining,
      view.filled,
    );
    (view.side === 'buy' ? this.bids : this.asks).levelAt(view.price).append(order);
    this.orders.set(view.orderId, order);
  }

  /**
   * Trades the incoming order against the opposite side while its price limit allows, up to
   * `quantity` lots and `budget` notional (ticks × lots). Returns the lots left unfilled.
   */
  private match(
    takerId: number,
    account: number,
    side: Side,
    limit: number,
    quantity: number,
    budget: number,
    sink: EventSink,
  ): number {
    const isBuy = side === 'buy';
    const book = isBuy ? this.asks : this.bids;
    const makerSide: Side = isBuy ? 'sell' : 'buy';
    let remaining = quantity;
    let exhausted = false;
    while (remaining > 0 && !exhausted) {
      const level = book.best();
      if (level === undefined) break;
      const price = level.price;
      if (isBuy ? price > limit : price < limit) break;
      let touched = false;
      let order = level.head;
      while (order !== null && remaining > 0) {
        const next: RestingOrder | null = order.next;
        if (order.account === account) {
          this.cancelResting(order, 'self-trade', sink);
        } else {
          let qty = order.remaining < remaining ? order.remaining : remaining;
          if (budget < qty * price) {
            qty = Math.floor(budget / price);
            if (qty === 0) {
              exhausted = true;
              break;
            }
          }
          budget -= qty * price;
          remaining -= qty;
          this.fill(order, qty, takerId, account, side, sink);
        }
        touched = true;
        order = next;
      }
      if (touched) this.settleLevel(makerSide, level, sink);
      else break;
    }
    return remaining;
  }

  private fill(
    maker: RestingOrder,
    qty: number,
    takerId: number,
    takerAccount: number,
    takerSide: Side,
    sink: EventSink,
  ): void {
    const level = maker.level as PriceLevel;
    maker.remaining -= qty;
    maker.filled += qty;
    level.total -= qty;
    sink.push({
      type: 'trade',
      symbol: this.symbol,
      tradeId: ++this.tradeSeq,
      price: maker.price,
      quantity: qty,
      takerSide,
      makerOrderId: maker.id,
      makerAccount: maker.account,
      takerOrderId: takerId,
      takerAccount,
    });
    if (maker.remaining === 0) {
      level.unlink(maker);
      this.orders.delete(maker.id);
      this.pushDone(maker.id, maker.account, 'filled', 0, sink);
    }
  }

  /** Takes a resting order off the book; the caller settles its level. */
  private cancelResting(order: RestingOrder, reason: CancelReason, sink: EventSink): void {
    const level = order.level as PriceLevel;
    level.total -= order.remaining;
    level.unlink(order);
    this.orders.delete(order.id);
    this.pushDone(order.id, order.account, reason, order.remaining, sink);
  }

  /** Publishes a changed level and drops it when empty. */
  private settleLevel(side: Side, level: PriceLevel, sink: EventSink): void {
    this.pushDepth(side, level, sink);
    if (level.count === 0) (side === 'buy' ? this.bids : this.asks).remove(level);
  }

  private reject(orderId: number, code: RejectCode, sink: EventSink): void {
    sink.push({ type: 'rejected', symbol: this.symbol, orderId, code });
  }

  private pushDepth(side: Side, level: PriceLevel, sink: EventSink): void {
    sink.push({
      type: 'depth',
      symbol: this.symbol,
      side,
      price: level.price,
      quantity: level.total,
      seq: ++this.depthSeq,
    });
  }

  private pushDone(
    orderId: number,
    account: number,
    reason: 'filled' | CancelReason,
    cancelledQuantity: number,
    sink: EventSink,
  ): void {
    const status = reason === 'filled' ? 'filled' : 'cancelled';
    sink.push({
      type: 'done',
      symbol: this.symbol,
      orderId,
      account,
      status,
      reason,
      cancelledQuantity,
    });
  }

  private checkLimit(cmd: PlaceLimit): RejectCode | null {
    const common = this.checkCommon(cmd.orderId, cmd.side);
    if (common !== null) return common;
    if (!TIME_IN_FORCE.has(cmd.tif)) return 'INVALID_ORDER';
    if (!this.isPrice(cmd.price)) return 'INVALID_PRICE';
    if (!this.isQuantity(cmd.quantity)) return 'INVALID_QUANTITY';
    if (cmd.tif === 'POST_ONLY' && this.crosses(cmd.side, cmd.price))
      return 'POST_ONLY_WOULD_CROSS';
    if (
      cmd.tif === 'FOK' &&
      this.fillable(cmd.side, cmd.price, cmd.quantity, cmd.account) < cmd.quantity
    ) {
      return 'FOK_NOT_FILLABLE';
    }
    return null;
  }

  private checkMarket(cmd: PlaceMarket): RejectCode | null {
    const common = this.checkCommon(cmd.orderId, cmd.side);
    if (common !== null) return common;
    const byQuote = cmd.quoteAmount !== undefined;
    if (byQuote === (cmd.quantity !== undefined) || (byQuote && cmd.side !== 'buy'))
      return 'INVALID_ORDER';
    if (cmd.protectPrice !== undefined && !this.isPrice(cmd.protectPrice)) return 'INVALID_PRICE';
    if (byQuote) {
      const amount = cmd.quoteAmount as number;
      return isCount(amount) && amount <= this.maxPrice * this.maxQuantity
        ? null
        : 'INVALID_QUANTITY';
    }
    return this.isQuantity(cmd.quantity as number) ? null : 'INVALID_QUANTITY';
  }

  private checkCommon(orderId: number, side: Side): RejectCode | null {
    if (this.halted) return 'BOOK_HALTED';
    if (!Number.isSafeInteger(orderId) || (side !== 'buy' && side !== 'sell'))
      return 'INVALID_ORDER';
    if (this.orders.has(orderId)) return 'DUPLICATE_ORDER_ID';
    return null;
  }

  private isPrice(price: number): boolean {
    return isCount(price) && price <= this.maxPrice;
  }

  private isQuantity(quantity: number): boolean {
    return isCount(quantity) && quantity <= this.maxQuantity;
  }

  private crosses(side: Side, price: number): boolean {
    const best = (side === 'buy' ? this.asks : this.bids).best();
    return best !== undefined && (side === 'buy' ? best.price <= price : best.price >= price);
  }

  /** Lots an order could fill within its price, not counting its own account's orders. */
  private fillable(side: Side, limit: number, wanted: number, account: number): number {
    const levels = (side === 'buy' ? this.asks : this.bids).levels;
    let sum = 0;
    for (let i = levels.length - 1; i >= 0 && sum < wanted; i--) {
      const level = levels[i] as PriceLevel;
      if (side === 'buy' ? level.price > limit : level.price < limit) break;
      for (let o = level.head; o !== null && sum < wanted; o = o.next) {
        if (o.account !== account) sum += o.remaining;
      }
    }
    return sum;
  }
}

function isCount(n: number): boolean {
  return Number.isSafeInteger(n) && n > 0;
}
