export interface SocketLimits {
  /** Open sockets per client address (carrier NAT puts many customers behind one address). */
  perAddress: number;
  /** Open signed-in sockets per user: a few tabs and devices. */
  perUser: number;
}

/** subscribe and unsubscribe calls a socket may make per window; a page change makes a few. */
export const SUBSCRIBE_CALLS = { max: 30, windowMs: 10_000 } as const;

/**
 * This process's open sockets by client address and by user (review M7). With the Redis adapter
 * each process counts its own, so a client spread over N processes may hold N times the cap.
 */
export class SocketCounts {
  private readonly byAddress = new Map<string, number>();
  private readonly byUser = new Map<string, number>();

  constructor(private readonly limits: SocketLimits) {}

  /** Counts the socket in, or says why it may not connect. */
  admit(address: string, userId: string | null): string | null {
    if ((this.byAddress.get(address) ?? 0) >= this.limits.perAddress)
      return 'Too many connections from this address';
    if (userId && (this.byUser.get(userId) ?? 0) >= this.limits.perUser)
      return 'Too many connections for this account';
    bump(this.byAddress, address, 1);
    if (userId) bump(this.byUser, userId, 1);
    return null;
  }

  release(address: string, userId: string | null): void {
    bump(this.byAddress, address, -1);
    if (userId) bump(this.byUser, userId, -1);
  }
}

function bump(map: Map<string, number>, key: string, by: number): void {
  const next = (map.get(key) ?? 0) + by;
  if (next > 0) map.set(key, next);
  else map.delete(key);
}

/** A socket's subscribe calls in the current window. */
export class CallWindow {
  private startMs = 0;
  private count = 0;

  /** Counts a call; false when the socket has made too many in this window. */
  allow(nowMs: number): boolean {
    if (nowMs - this.startMs >= SUBSCRIBE_CALLS.windowMs) {
      this.startMs = nowMs;
      this.count = 0;
    }
    this.count += 1;
    return this.count <= SUBSCRIBE_CALLS.max;
  }
}
