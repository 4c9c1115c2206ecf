const EMPTY = -1;

/**
 * Order id → store slot, as an open-addressing hash table with linear probing over one
 * Float64Array of [key, value] pairs, so a lookup usually touches a single cache line.
 * Deletion shifts later entries back (no tombstones). Keys are non-negative safe integers.
 */
export class IdIndex {
  private table: Float64Array;
  private mask: number;
  size = 0;

  constructor(capacity = 1024) {
    this.mask = capacity - 1;
    this.table = new Float64Array(capacity * 2).fill(EMPTY);
  }

  get(key: number): number {
    if (key < 0) return EMPTY;
    const table = this.table;
    const mask = this.mask;
    for (let i = hash(key) & mask; ; i = (i + 1) & mask) {
      const k = table[i * 2] as number;
      if (k === key) return table[i * 2 + 1] as number;
      if (k === EMPTY) return EMPTY;
    }
  }

  has(key: number): boolean {
    return this.get(key) !== EMPTY;
  }

  /** Inserts a key that is not present. */
  set(key: number, value: number): void {
    if ((this.size + 1) * 2 > this.mask + 1) this.grow();
    const table = this.table;
    const mask = this.mask;
    let i = hash(key) & mask;
    while (table[i * 2] !== EMPTY) i = (i + 1) & mask;
    table[i * 2] = key;
    table[i * 2 + 1] = value;
    this.size++;
  }

  delete(key: number): void {
    const table = this.table;
    const mask = this.mask;
    let i = hash(key) & mask;
    for (;;) {
      const k = table[i * 2] as number;
      if (k === EMPTY) return;
      if (k === key) break;
      i = (i + 1) & mask;
    }
    // Backward-shift: move later entries of the probe run into the hole when that keeps them reachable.
    let hole = i;
    for (let j = (i + 1) & mask; table[j * 2] !== EMPTY; j = (j + 1) & mask) {
      const home = hash(table[j * 2] as number) & mask;
      if (((j - home) & mask) >= ((j - hole) & mask)) {
        table[hole * 2] = table[j * 2] as number;
        table[hole * 2 + 1] = table[j * 2 + 1] as number;
        hole = j;
      }
    }
    table[hole * 2] = EMPTY;
    this.size--;
  }

  private grow(): void {
    const old = this.table;
    this.mask = this.mask * 2 + 1;
    this.table = new Float64Array((this.mask + 1) * 2).fill(EMPTY);
    this.size = 0;
    for (let i = 0; i < old.length; i += 2) {
      if (old[i] !== EMPTY) this.set(old[i] as number, old[i + 1] as number);
    }
  }
}

function hash(key: number): number {
  const lo = key >>> 0;
  const hi = (key / 4294967296) >>> 0;
  let h = Math.imul(lo ^ Math.imul(hi, 0x9e3779b1), 0x85ebca6b);
  h ^= h >>> 15;
  return Math.imul(h, 0xc2b2ae35) ^ (h >>> 13);
}
