import type { Command, Depth, EngineEvent, Level, Side } from '../src/index.js';

interface ModelOrder {
  id: number;
  account: number;
  side: Side;
  price: number;
  remaining: number;
  arrival: number;
}

/**
 * The simplest possible order book: one array, sorted by brute force on every match. Slow and
 * obviously right; the engine must agree with it on trades, outcomes and the resulting book.
 * It knows one book and the default limits the property tests stay within.
 */
export class ReferenceModel {
  private resting: ModelOrder[] = [];
  private arrivals = 0;
  private halted = false;

  execute(cmd: Command): string[] {
    switch (cmd.type) {
      case 'halt':
      case 'resume':
        this.halted = cmd.type === 'halt';
        return [];
      case 'cancel': {
        const order = this.find(cmd.orderId);
        if (!order) return [`reject ${cmd.orderId} UNKNOWN_ORDER`];
        this.resting = this.resting.filter((o) => o !== order);
        return [`done ${order.id} user ${order.remaining}`];
      }
      case 'reduce': {
        const order = this.find(cmd.orderId);
        if (!order) return [`reject ${cmd.orderId} UNKNOWN_ORDER`];
        if (!(cmd.quantity >= 1 && cmd.quantity < order.remaining))
          return [`reject ${cmd.orderId} INVALID_QUANTITY`];
        order.remaining = cmd.quantity;
        return [`reduced ${order.id} ${cmd.quantity}`];
      }
      case 'limit':
      case 'market':
        return this.place(cmd);
    }
  }

  depth(): Depth {
    const levels = (side: Side): Level[] => {
      const totals = new Map<number, number>();
      for (const o of this.resting)
        if (o.side === side) totals.set(o.price, (totals.get(o.price) ?? 0) + o.remaining);
      return [...totals].sort((a, b) => (side === 'buy' ? b[0] - a[0] : a[0] - b[0]));
    };
    return { bids: levels('buy'), asks: levels('sell') };
  }

  private place(cmd: Extract<Command, { type: 'limit' | 'market' }>): string[] {
    if (this.halted) return [`reject ${cmd.orderId} BOOK_HALTED`];
    if (this.find(cmd.orderId)) return [`reject ${cmd.orderId} DUPLICATE_ORDER_ID`];
    const isBuy = cmd.side === 'buy';
    const limit = cmd.type === 'limit' ? cmd.price : (cmd.protectPrice ?? (isBuy ? Infinity : 0));
    const inRange = (o: ModelOrder) =>
      o.side !== cmd.side && (isBuy ? o.price <= limit : o.price >= limit);
    const queue = this.resting
      .filter(inRange)
      .sort((a, b) => (isBuy ? a.price - b.price : b.price - a.price) || a.arrival - b.arrival);
    const wanted =
      cmd.type === 'market' && cmd.quoteAmount !== undefined ? Infinity : (cmd.quantity as number);
    if (cmd.type === 'limit') {
      if (cmd.tif === 'POST_ONLY' && queue.length > 0)
        return [`reject ${cmd.orderId} POST_ONLY_WOULD_CROSS`];
      const available = queue
        .filter((o) => o.account !== cmd.account)
        .reduce((s, o) => s + o.remaining, 0);
      if (cmd.tif === 'FOK' && available < wanted)
        return [`reject ${cmd.orderId} FOK_NOT_FILLABLE`];
    }
    const out = [`accepted ${cmd.orderId}`];
    let remaining = wanted;
    let budget =
      cmd.type === 'market' && cmd.quoteAmount !== undefined ? cmd.quoteAmount : Infinity;
    let budgetSpent = false;
    for (const maker of queue) {
      if (remaining === 0) break;
      // A budget that cannot buy one lot at this maker's price reaches no further order, not
      // even one of the taker's own (self-trade prevention acts only on orders it would trade with).
      if (budget < maker.price) {
        budgetSpent = true;
        break;
      }
      if (maker.account === cmd.account) {
        out.push(`done ${maker.id} self-trade ${maker.remaining}`);
        maker.remaining = 0;
        continue;
      }
      const qty = Math.min(maker.remaining, remaining, Math.floor(budget / maker.price));
      out.push(`trade ${maker.id}>${cmd.orderId} ${maker.price}x${qty}`);
      maker.remaining -= qty;
      remaining -= qty;
      budget -= qty * maker.price;
      if (maker.remaining === 0) out.push(`done ${maker.id} filled 0`);
    }
    this.resting = this.resting.filter((o) => o.remaining > 0);
    if (remaining === Infinity) {
      const leftInRange = this.resting.some(inRange);
      out.push(`done ${cmd.orderId} ${budgetSpent || leftInRange ? 'filled' : 'unfilled'} 0`);
    } else if (remaining === 0) {
      out.push(`done ${cmd.orderId} filled 0`);
    } else if (cmd.type === 'limit' && (cmd.tif === 'GTC' || cmd.tif === 'POST_ONLY')) {
      this.resting.push({
        id: cmd.orderId,
        account: cmd.account,
        side: cmd.side,
        price: cmd.price,
        remaining,
        arrival: this.arrivals++,
      });
    } else {
      out.push(`done ${cmd.orderId} unfilled ${remaining}`);
    }
    return out;
  }

  private find(id: number): ModelOrder | undefined {
    return this.resting.find((o) => o.id === id);
  }
}

/** The engine's events in the model's vocabulary (depth events are checked separately). */
export function describeEvents(events: EngineEvent[]): string[] {
  const out: string[] = [];
  for (const e of events) {
    if (e.type === 'accepted') out.push(`accepted ${e.orderId}`);
    else if (e.type === 'rejected') out.push(`reject ${e.orderId} ${e.code}`);
    else if (e.type === 'trade')
      out.push(`trade ${e.makerOrderId}>${e.takerOrderId} ${e.price}x${e.quantity}`);
    else if (e.type === 'done') out.push(`done ${e.orderId} ${e.reason} ${e.cancelledQuantity}`);
    else if (e.type === 'reduced') out.push(`reduced ${e.orderId} ${e.quantity}`);
  }
  return out;
}
