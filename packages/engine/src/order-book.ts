import { BookSide } from './book-side.js';
import { NONE, OrderStore } from './order-store.js';
import type { PriceLevel } from './price-level.js';
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

/**
 * One symbol's order book: price-time priority, integer ticks and lots. Self-trade prevention
 * cancels the RESTING order (the newer intention wins) and the incoming order goes on matching.
 */
export class OrderBook {
  readonly symbol: string;
  readonly orders = new OrderStore();
  readonly bids = new BookSide('buy', this.orders);
  readonly asks = new BookSide('sell', this.orders);
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
      const slot = this.orders.add(orderId, account, side, price, remaining, quantity - remaining);
      const level = (side === 'buy' ? this.bids : this.asks).levelAt(price);
      level.append(slot);
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
    const slot = this.orders.slotOf(cmd.orderId);
    if (slot === NONE) return this.reject(cmd.orderId, 'UNKNOWN_ORDER', sink);
    const side = this.orders.side(slot);
    const level = this.levelOf(slot, side);
    this.cancelResting(slot, level, 'user', sink);
    this.settleLevel(side, level, sink);
  }

  reduce(cmd: ReduceOrder, sink: EventSink): void {
    const { orders } = this;
    const slot = orders.slotOf(cmd.orderId);
    if (slot === NONE) return this.reject(cmd.orderId, 'UNKNOWN_ORDER', sink);
    const remaining = orders.remaining(slot);
    if (!isCount(cmd.quantity) || cmd.quantity >= remaining) {
      return this.reject(cmd.orderId, 'INVALID_QUANTITY', sink);
    }
    const reducedBy = remaining - cmd.quantity;
    const side = orders.side(slot);
    const level = this.levelOf(slot, side);
    orders.setRemaining(slot, cmd.quantity);
    level.total -= reducedBy;
    sink.push({
      type: 'reduced',
      symbol: this.symbol,
      orderId: cmd.orderId,
      account: orders.account(slot),
      quantity: cmd.quantity,
      reducedBy,
    });
    this.pushDepth(side, level, sink);
  }

  setHalted(halted: boolean, sink: EventSink): void {
    this.halted = halted;
    sink.push({ type: halted ? 'halted' : 'resumed', symbol: this.symbol });
  }

  depth(levels: number): Depth {
    return { bids: this.bids.top(levels), asks: this.asks.top(levels) };
  }

  order(orderId: number): OrderView | undefined {
    const slot = this.orders.slotOf(orderId);
    return slot === NONE ? undefined : this.view(slot);
  }

  view(slot: number): OrderView {
    const o = this.orders;
    return {
      orderId: o.id(slot),
      account: o.account(slot),
      side: o.side(slot),
      price: o.price(slot),
      remaining: o.remaining(slot),
      filled: o.filled(slot),
    };
  }

  /** Puts a restored order at the back of its level's queue, as snapshots list them in priority order. */
  restoreOrder(view: OrderView): void {
    const { orderId, account, side, price, remaining, filled } = view;
    const slot = this.orders.add(orderId, account, side, price, remaining, filled);
    (side === 'buy' ? this.bids : this.asks).levelAt(price).append(slot);
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
    const orders = this.orders;
    let remaining = quantity;
    let exhausted = false;
    while (remaining > 0 && !exhausted) {
      const level = book.best();
      if (level === undefined) break;
      const price = level.price;
      if (isBuy ? price > limit : price < limit) break;
      let touched = false;
      let slot = level.head;
      while (slot !== NONE && remaining > 0) {
        // A budget that cannot buy one lot here reaches no further order, not even the taker's
        // own: self-trade prevention acts only on orders the taker would trade with.
        if (budget < price) {
          exhausted = true;
          break;
        }
        const following = orders.next(slot);
        if (orders.account(slot) === account) {
          this.cancelResting(slot, level, 'self-trade', sink);
        } else {
          const available = this.orders.remaining(slot);
          let qty = available < remaining ? available : remaining;
          if (budget < qty * price) qty = Math.floor(budget / price);
          budget -= qty * price;
          remaining -= qty;
          this.fill(slot, level, qty, takerId, account, side, sink);
        }
        touched = true;
        slot = following;
      }
      if (touched) this.settleLevel(makerSide, level, sink);
      else break;
    }
    return remaining;
  }

  private fill(
    slot: number,
    level: PriceLevel,
    qty: number,
    takerId: number,
    takerAccount: number,
    takerSide: Side,
    sink: EventSink,
  ): void {
    const orders = this.orders;
    const makerOrderId = orders.id(slot);
    const makerAccount = orders.account(slot);
    const left = orders.fill(slot, qty);
    level.total -= qty;
    sink.push({
      type: 'trade',
      symbol: this.symbol,
      tradeId: ++this.tradeSeq,
      price: level.price,
      quantity: qty,
      takerSide,
      makerOrderId,
      makerAccount,
      takerOrderId: takerId,
      takerAccount,
    });
    if (left === 0) {
      level.unlink(slot);
      orders.release(slot);
      this.pushDone(makerOrderId, makerAccount, 'filled', 0, sink);
    }
  }

  /** Takes a resting order off the book; the caller settles its level. */
  private cancelResting(
    slot: number,
    level: PriceLevel,
    reason: CancelReason,
    sink: EventSink,
  ): void {
    const orders = this.orders;
    const orderId = orders.id(slot);
    const remaining = orders.remaining(slot);
    level.total -= remaining;
    level.unlink(slot);
    orders.release(slot);
    this.pushDone(orderId, orders.account(slot), reason, remaining, sink);
  }

  private levelOf(slot: number, side: Side): PriceLevel {
    const book = side === 'buy' ? this.bids : this.asks;
    return book.byPrice.get(this.orders.price(slot)) as PriceLevel;
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
    const tif = cmd.tif;
    if (tif !== 'GTC' && tif !== 'IOC' && tif !== 'FOK' && tif !== 'POST_ONLY')
      return 'INVALID_ORDER';
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
    const orders = this.orders;
    let sum = 0;
    for (let i = levels.length - 1; i >= 0 && sum < wanted; i--) {
      const level = levels[i] as PriceLevel;
      if (side === 'buy' ? level.price > limit : level.price < limit) break;
      for (let slot = level.head; slot !== NONE && sum < wanted; slot = orders.next(slot)) {
        if (orders.account(slot) !== account) sum += orders.remaining(slot);
      }
    }
    return sum;
  }
}

function isCount(n: number): boolean {
  return Number.isSafeInteger(n) && n > 0;
}
