import type { OrderRecord } from './order-record.js';

/**
 * The open orders by id, also indexed by owner and pair: the per-user caps count from it, and a
 * user's cancel-all finds their orders without reading everyone's. The index follows every `set`
 * and `delete`, so the unit of work's undo (which uses them) keeps it right.
 */
export class OpenOrders extends Map<number, OrderRecord> {
  /** User id → pair symbol → ids of their open orders there. */
  private readonly byUser = new Map<string, Map<string, Set<number>>>();

  override set(id: number, order: OrderRecord): this {
    const old = super.get(id);
    if (old && old !== order) this.unindex(old);
    super.set(id, order);
    let pairs = this.byUser.get(order.userId);
    if (!pairs) {
      pairs = new Map();
      this.byUser.set(order.userId, pairs);
    }
    let ids = pairs.get(order.pair.symbol);
    if (!ids) {
      ids = new Set();
      pairs.set(order.pair.symbol, ids);
    }
    ids.add(id);
    return this;
  }

  override delete(id: number): boolean {
    const order = super.get(id);
    if (!order) return false;
    this.unindex(order);
    return super.delete(id);
  }

  override clear(): void {
    this.byUser.clear();
    super.clear();
  }

  /** How many open orders (in the book or untriggered stops) the user has on the pair. */
  countOf(userId: string, symbol: string): number {
    return this.byUser.get(userId)?.get(symbol)?.size ?? 0;
  }

  /** The user's open orders, on one pair or all, oldest first. */
  ofUser(userId: string, symbol?: string): OrderRecord[] {
    const pairs = this.byUser.get(userId);
    if (!pairs) return [];
    const sets = symbol === undefined ? [...pairs.values()] : [pairs.get(symbol) ?? new Set()];
    const ids = sets.flatMap((s) => [...s]).sort((a, b) => a - b);
    return ids.map((id) => super.get(id) as OrderRecord);
  }

  private unindex(order: OrderRecord): void {
    const pairs = this.byUser.get(order.userId);
    const ids = pairs?.get(order.pair.symbol);
    if (!pairs || !ids) return;
    ids.delete(order.id);
    if (ids.size === 0) pairs.delete(order.pair.symbol);
    if (pairs.size === 0) this.byUser.delete(order.userId);
  }
}
