import type { Side } from '@exchange/engine';

/** What the stop book needs of an order: its id, owner, side and stop price in ticks. */
export interface StopEntry {
  id: number;
  userId: string;
  side: Side;
  stopTicks: number | null;
}

/** Registers how to undo a change (the unit of work's journal); absent, nothing is undone. */
export type Undo = (fn: () => void) => void;

interface Node<T> {
  entry: T;
  rank: number;
  priority: number;
  left: Node<T> | null;
  right: Node<T> | null;
  /** Nodes in this subtree, itself included. */
  count: number;
}

/**
 * The order in which stops of one side trigger as the price moves towards them: a sell stop with
 * a higher stop price is crossed first as the price falls, a buy stop with a lower one first as it
 * rises; the older (lower id) first at one stop price. Lower rank, then lower id, first.
 */
const rankOf = (e: StopEntry): number =>
  e.side === 'sell' ? -(e.stopTicks ?? 0) : (e.stopTicks ?? 0);

/**
 * Stops in trigger order: a treap (a binary search tree kept balanced by random priorities), so
 * adding, removing, taking the first and splitting off the crossed ones each cost O(log S)
 * expected, whatever S is.
 */
export class StopTree<T extends StopEntry> {
  private root: Node<T> | null = null;

  get size(): number {
    return this.root?.count ?? 0;
  }

  insert(entry: T): void {
    const node: Node<T> = {
      entry,
      rank: rankOf(entry),
      priority: Math.random(),
      left: null,
      right: null,
      count: 1,
    };
    const [low, high] = splitBefore(this.root, node.rank, entry.id);
    this.root = merge(merge(low, node), high);
  }

  /** Takes the entry out; false if it is not in this tree. */
  remove(entry: T): boolean {
    const rank = rankOf(entry);
    const [low, rest] = splitBefore(this.root, rank, entry.id);
    const [found, high] = splitBefore(rest, rank, entry.id + 1);
    this.root = merge(low, high);
    return found !== null;
  }

  first(): T | undefined {
    let node = this.root;
    while (node?.left) node = node.left;
    return node?.entry;
  }

  /**
   * Takes out every entry of rank at most `rank` (the crossed ones: see `crossedRank`), as a tree
   * of its own in the same order; what stays has only higher ranks.
   */
  splitUpTo(rank: number): StopTree<T> {
    const [low, high] = splitBefore(this.root, rank, Number.POSITIVE_INFINITY);
    const taken = new StopTree<T>();
    taken.root = low;
    this.root = high;
    return taken;
  }

  /** Puts back a tree split off by `splitUpTo` (every rank of it before every rank here). */
  prepend(taken: StopTree<T>): void {
    this.root = merge(taken.root, this.root);
    taken.root = null;
  }

  /** Every entry, in trigger order (tests and inspection; O(S)). */
  entries(): T[] {
    const out: T[] = [];
    const walk = (n: Node<T> | null) => {
      if (!n) return;
      walk(n.left);
      out.push(n.entry);
      walk(n.right);
    };
    walk(this.root);
    return out;
  }
}

/** What all pairs' stop books share: how many stops are due (crossed, not yet in the book). */
export interface DueTally {
  due: number;
}

/**
 * One pair's untriggered stops. Those waiting are kept per side in trigger order; a trade that
 * crosses some splits them off at once, in O(log S), as a chunk `due`: chunks enter the book in
 * the order they were crossed, each in trigger order (price, then time), a bounded number per
 * command (execution.ts). A stop placed later is never in an earlier chunk, so it triggers only if
 * a later trade crosses it. Every change takes an `undo` that puts it back (the unit of work).
 */
export class PairStops<T extends StopEntry> {
  private readonly waiting = { buy: new StopTree<T>(), sell: new StopTree<T>() };
  private readonly due: StopTree<T>[] = [];
  private readonly byId = new Map<number, T>();
  private readonly perUser = new Map<string, number>();

  constructor(private readonly tally: DueTally = { due: 0 }) {}

  /** Untriggered stops, waiting or due. */
  get size(): number {
    return this.byId.size;
  }

  /** Stops crossed and not yet in the book. */
  get dueCount(): number {
    let n = 0;
    for (const chunk of this.due) n += chunk.size;
    return n;
  }

  has(id: number): boolean {
    return this.byId.has(id);
  }

  ids(): number[] {
    return [...this.byId.keys()];
  }

  /** The user's untriggered stops on this pair (what the per-user cap counts). */
  countOf(userId: string): number {
    return this.perUser.get(userId) ?? 0;
  }

  add(entry: T, undo: Undo = noUndo): void {
    this.waiting[entry.side].insert(entry);
    this.track(entry, 1);
    undo(() => {
      this.waiting[entry.side].remove(entry);
      this.track(entry, -1);
    });
  }

  /** Takes out a stop, waiting or due (cancelled); false if it is not here. */
  remove(entry: T, undo: Undo = noUndo): boolean {
    if (!this.byId.has(entry.id)) return false;
    let from: StopTree<T> | undefined = this.waiting[entry.side];
    if (!from.remove(entry)) {
      from = this.due.find((chunk) => chunk.remove(entry));
      if (!from) return false;
      this.tally.due--;
    }
    const tree = from;
    const wasDue = tree !== this.waiting[entry.side];
    this.track(entry, -1);
    undo(() => {
      tree.insert(entry);
      this.track(entry, 1);
      if (wasDue) this.tally.due++;
    });
    return true;
  }

  /**
   * A last trade price of `lastTicks`: the waiting stops it crosses (a sell stop at or above it,
   * a buy stop at or below) become due, sells first. Answers how many did.
   */
  cross(lastTicks: number, undo: Undo = noUndo): number {
    let crossed = 0;
    for (const side of ['sell', 'buy'] as const) {
      const waiting = this.waiting[side];
      if (waiting.size === 0) continue;
      const first = waiting.first() as T;
      if (rankOf(first) > crossedRank(side, lastTicks)) continue;
      const chunk = waiting.splitUpTo(crossedRank(side, lastTicks));
      this.due.push(chunk);
      this.tally.due += chunk.size;
      crossed += chunk.size;
      undo(() => {
        this.due.pop();
        this.tally.due -= chunk.size;
        waiting.prepend(chunk);
      });
    }
    return crossed;
  }

  /** The next due stop to enter the book, taken out; undefined when none is due. */
  takeDue(undo: Undo = noUndo): T | undefined {
    while (this.due.length > 0 && (this.due[0] as StopTree<T>).size === 0) {
      const empty = this.due.shift() as StopTree<T>;
      undo(() => this.due.unshift(empty));
    }
    const chunk = this.due[0];
    const entry = chunk?.first();
    if (!chunk || !entry) return undefined;
    chunk.remove(entry);
    this.tally.due--;
    this.track(entry, -1);
    undo(() => {
      chunk.insert(entry);
      this.tally.due++;
      this.track(entry, 1);
    });
    return entry;
  }

  /** The stops waiting on `side`, in trigger order, and the due chunks (tests; O(S)). */
  inspect(): { waiting: Record<'buy' | 'sell', T[]>; due: T[][] } {
    return {
      waiting: { buy: this.waiting.buy.entries(), sell: this.waiting.sell.entries() },
      due: this.due.map((chunk) => chunk.entries()),
    };
  }

  private track(entry: T, delta: 1 | -1): void {
    if (delta === 1) this.byId.set(entry.id, entry);
    else this.byId.delete(entry.id);
    const n = (this.perUser.get(entry.userId) ?? 0) + delta;
    if (n === 0) this.perUser.delete(entry.userId);
    else this.perUser.set(entry.userId, n);
  }
}

const noUndo: Undo = () => {};

/** The rank up to which stops of `side` are crossed by a last trade price of `lastTicks`. */
export const crossedRank = (side: Side, lastTicks: number): number =>
  side === 'sell' ? -lastTicks : lastTicks;

/** Splits into the nodes before (rank, id) and the others. */
function splitBefore<T extends StopEntry>(
  node: Node<T> | null,
  rank: number,
  id: number,
): [Node<T> | null, Node<T> | null] {
  if (!node) return [null, null];
  // `node` goes left when it comes before (rank, id): lower rank, or the same rank and lower id.
  if (node.rank < rank || (node.rank === rank && node.entry.id < id)) {
    const [low, high] = splitBefore(node.right, rank, id);
    node.right = low;
    recount(node);
    return [node, high];
  }
  const [low, high] = splitBefore(node.left, rank, id);
  node.left = high;
  recount(node);
  return [low, node];
}

function merge<T extends StopEntry>(a: Node<T> | null, b: Node<T> | null): Node<T> | null {
  if (!a) return b;
  if (!b) return a;
  if (a.priority > b.priority) {
    a.right = merge(a.right, b);
    recount(a);
    return a;
  }
  b.left = merge(a, b.left);
  recount(b);
  return b;
}

function recount<T extends StopEntry>(node: Node<T>): void {
  node.count = 1 + (node.left?.count ?? 0) + (node.right?.count ?? 0);
}
