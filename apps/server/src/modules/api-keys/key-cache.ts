import type { ApiKeyScope, UserRole } from '@exchange/contracts';

/** A usable key as a signed request is checked against it: its secret already opened. */
export interface LiveApiKey {
  id: string;
  userId: string;
  role: UserRole;
  scopes: readonly ApiKeyScope[];
  ipAllowlist: readonly string[];
  expiresAt: Date;
  revokedAt: Date | null;
  secret: string;
}

/**
 * Keys recently used, by the hash of the key, so a busy program's requests do not each cost a
 * database query and a decryption; and who to tell when a key is revoked (open order-entry
 * sockets). A revocation in this process forgets the key at once; one in another process at once
 * when the feed relays it through Redis (`forget`), otherwise within `ttlMs`.
 */
export class ApiKeyCache {
  private readonly keys = new Map<string, { key: LiveApiKey; until: number }>();
  private readonly listeners = new Set<(keyId: string) => void>();

  constructor(
    private readonly ttlMs = 10_000,
    private readonly max = 100_000,
  ) {}

  get(keyHash: string, nowMs: number): LiveApiKey | undefined {
    const entry = this.keys.get(keyHash);
    return entry && entry.until > nowMs ? entry.key : undefined;
  }

  remember(keyHash: string, key: LiveApiKey, nowMs: number): void {
    if (this.keys.size >= this.max) this.keys.clear();
    this.keys.set(keyHash, { key, until: nowMs + this.ttlMs });
  }

  /** Forgets the key and tells every listener (the order-entry sockets signed with it close). */
  revoked(keyId: string): void {
    this.forget(keyId);
    for (const listener of this.listeners) listener(keyId);
  }

  /**
   * Forgets the key without telling the listeners: for another process's revocation, relayed
   * (feed.ts), which closes the key's connections itself and must not be relayed back.
   */
  forget(keyId: string): void {
    for (const [hash, entry] of this.keys) if (entry.key.id === keyId) this.keys.delete(hash);
  }

  /**
   * Adds a listener; what it returns removes it, and returns nothing: a Fastify hook that
   * returns it would otherwise resolve with `true`, which Fastify takes for an error.
   */
  onRevoke(listener: (keyId: string) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }
}
