import { randomBytes } from 'node:crypto';

/** A listen key lives an hour after it was made or last kept alive (Binance's rule). */
export const LISTEN_KEY_TTL_MS = 60 * 60_000;
/** Listen keys one API key may hold at once. */
const MAX_PER_API_KEY = 10;

export interface ListenKey {
  userId: string;
  apiKeyId: string;
  expiresAt: number;
}

/**
 * The user data stream's listen keys (`POST/PUT/DELETE /api/v3/userDataStream`): a random
 * bearer name for one user's stream of order and balance events, opened as `/ws/<listenKey>`.
 * Kept in this process's memory: a restart ends them, and clients make new ones, as they do
 * when Binance expires theirs.
 */
export class ListenKeys {
  private readonly keys = new Map<string, ListenKey>();

  /** A new key for the user of `apiKeyId`, or the one it already holds (Binance answers it again). */
  create(userId: string, apiKeyId: string, nowMs: number): string {
    this.expire(nowMs);
    let held = 0;
    for (const [name, key] of this.keys)
      if (key.apiKeyId === apiKeyId) {
        held++;
        if (held >= MAX_PER_API_KEY) {
          key.expiresAt = nowMs + LISTEN_KEY_TTL_MS;
          return name;
        }
      }
    const name = randomBytes(45).toString('base64url').slice(0, 60);
    this.keys.set(name, { userId, apiKeyId, expiresAt: nowMs + LISTEN_KEY_TTL_MS });
    return name;
  }

  /** The live key of that name. */
  find(name: string, nowMs: number): ListenKey | undefined {
    const key = this.keys.get(name);
    return key && key.expiresAt > nowMs ? key : undefined;
  }

  /** Keeps a key of this API key alive another hour; false when there is none. */
  keepAlive(name: string, apiKeyId: string, nowMs: number): boolean {
    const key = this.find(name, nowMs);
    if (!key || key.apiKeyId !== apiKeyId) return false;
    key.expiresAt = nowMs + LISTEN_KEY_TTL_MS;
    return true;
  }

  close(name: string, apiKeyId: string): boolean {
    const key = this.keys.get(name);
    if (!key || key.apiKeyId !== apiKeyId) return false;
    this.keys.delete(name);
    return true;
  }

  /** Ends every listen key of an API key (revoked): answers their names. */
  closeAllOf(apiKeyId: string): string[] {
    const names = [...this.keys].filter(([, key]) => key.apiKeyId === apiKeyId).map(([n]) => n);
    for (const name of names) this.keys.delete(name);
    return names;
  }

  private expire(nowMs: number): void {
    for (const [name, key] of this.keys) if (key.expiresAt <= nowMs) this.keys.delete(name);
  }
}
