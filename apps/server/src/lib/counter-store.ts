/** A refused hit: how long until the same key may try again. */
export interface Refusal {
  retryAfterMs: number;
}

/** Grows the wait after each failure past the free ones: `firstDelayMs`, twice that, ... `maxDelayMs`. */
export interface BackoffPolicy {
  free: number;
  firstDelayMs: number;
  maxDelayMs: number;
  /** A key with no hit for this long starts over. */
  forgetAfterMs: number;
}

/**
 * Counters for abuse limits. Each call checks and records in one step, so parallel requests
 * cannot all slip through before any of them is counted. This process keeps them in memory
 * (`MemoryCounterStore`); several API processes would share one store with the same three
 * operations (in Redis, one Lua script each).
 */
export interface CounterStore {
  /** Counts a hit in the key's fixed window, unless `limit` hits were already counted there. */
  hit(key: string, limit: number, windowMs: number, nowMs: number): Promise<Refusal | null>;
  /** Counts a hit unless the key is still waiting out its back-off. */
  backoff(key: string, policy: BackoffPolicy, nowMs: number): Promise<Refusal | null>;
  clear(key: string): Promise<void>;
  /** The hits a live key has counted; 0 for a key never hit or forgotten. */
  count(key: string, nowMs: number): Promise<number>;
}

interface Entry {
  count: number;
  lastMs: number;
  /** The window's end (fixed windows) or when the key is forgotten (back-off). */
  untilMs: number;
}

export function backoffDelayMs(policy: BackoffPolicy, count: number): number {
  if (count < policy.free) return 0;
  const doublings = Math.min(count - policy.free, 30);
  return Math.min(policy.firstDelayMs * 2 ** doublings, policy.maxDelayMs);
}

export class MemoryCounterStore implements CounterStore {
  private readonly entries = new Map<string, Entry>();

  /** `maxKeys` bounds memory: when full, expired keys go first, then the oldest tenth. */
  constructor(private readonly maxKeys = 100_000) {}

  async hit(key: string, limit: number, windowMs: number, nowMs: number) {
    const entry = this.live(key, nowMs) ?? this.open(key, nowMs, nowMs + windowMs);
    if (entry.count >= limit) return { retryAfterMs: entry.untilMs - nowMs };
    entry.count += 1;
    entry.lastMs = nowMs;
    return null;
  }

  async backoff(key: string, policy: BackoffPolicy, nowMs: number) {
    const entry = this.live(key, nowMs) ?? this.open(key, nowMs, nowMs);
    const readyMs = entry.lastMs + backoffDelayMs(policy, entry.count);
    if (entry.count > 0 && nowMs < readyMs) return { retryAfterMs: readyMs - nowMs };
    entry.count += 1;
    entry.lastMs = nowMs;
    entry.untilMs = nowMs + policy.forgetAfterMs;
    return null;
  }

  async clear(key: string) {
    this.entries.delete(key);
  }

  async count(key: string, nowMs: number) {
    return this.live(key, nowMs)?.count ?? 0;
  }

  private live(key: string, nowMs: number): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.untilMs > nowMs) return entry;
    this.entries.delete(key);
    return undefined;
  }

  private open(key: string, nowMs: number, untilMs: number): Entry {
    if (this.entries.size >= this.maxKeys) this.makeRoom(nowMs);
    const entry = { count: 0, lastMs: 0, untilMs };
    this.entries.set(key, entry);
    return entry;
  }

  private makeRoom(nowMs: number): void {
    for (const [key, entry] of this.entries) if (entry.untilMs <= nowMs) this.entries.delete(key);
    if (this.entries.size < this.maxKeys) return;
    // A tenth at once, so a full store does not sweep on every new key.
    let drop = Math.ceil(this.maxKeys / 10);
    for (const key of this.entries.keys()) {
      if (drop-- <= 0) break;
      this.entries.delete(key);
    }
  }
}
