import type { AlertDirection } from '@exchange/contracts';

/** An alert waiting for its price: what the index needs of it. */
export interface ActiveAlert {
  id: string;
  userId: string;
  pairId: string;
  direction: AlertDirection;
  /** Ledger units of the quote coin per base coin. */
  price: bigint;
}

/** A pair's waiting alerts, each side sorted by price so a crossing reads only what fires. */
interface PairAlerts {
  /** Ascending: everything at or below the batch's highest price fires. */
  above: ActiveAlert[];
  /** Descending: everything at or above the batch's lowest price fires. */
  below: ActiveAlert[];
}

/**
 * The waiting price alerts in memory, by pair. `crossed` takes out and returns every alert the
 * prices crossed, so each fires once however many trades cross it.
 */
export class AlertIndex {
  private readonly pairs = new Map<string, PairAlerts>();
  private readonly byId = new Map<string, ActiveAlert>();

  get size(): number {
    return this.byId.size;
  }

  add(alert: ActiveAlert): void {
    if (this.byId.has(alert.id)) return;
    this.byId.set(alert.id, alert);
    let pair = this.pairs.get(alert.pairId);
    if (!pair) {
      pair = { above: [], below: [] };
      this.pairs.set(alert.pairId, pair);
    }
    const list = pair[alert.direction];
    const before =
      alert.direction === 'above' ? (p: bigint) => p > alert.price : (p: bigint) => p < alert.price;
    let i = list.length;
    while (i > 0 && before((list[i - 1] as ActiveAlert).price)) i--;
    list.splice(i, 0, alert);
  }

  remove(id: string): ActiveAlert | undefined {
    const alert = this.byId.get(id);
    if (!alert) return undefined;
    this.byId.delete(id);
    const list = this.pairs.get(alert.pairId)?.[alert.direction];
    const at = list?.indexOf(alert) ?? -1;
    if (list && at >= 0) list.splice(at, 1);
    return alert;
  }

  /** Takes out the pair's alerts that a price range [low, high] crossed. */
  crossed(pairId: string, low: bigint, high: bigint): ActiveAlert[] {
    const pair = this.pairs.get(pairId);
    if (!pair) return [];
    let up = 0;
    while (up < pair.above.length && (pair.above[up] as ActiveAlert).price <= high) up++;
    let down = 0;
    while (down < pair.below.length && (pair.below[down] as ActiveAlert).price >= low) down++;
    const fired = [...pair.above.splice(0, up), ...pair.below.splice(0, down)];
    for (const a of fired) this.byId.delete(a.id);
    return fired;
  }
}
