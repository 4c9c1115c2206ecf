export interface SocketLimits {
  /** Open sockets per client address (carrier NAT puts many customers behind one address). */
  perAddress: number;
  /** Open signed-in sockets per user: a few tabs and devices. */
  perUser: number;
  /** Open sockets in this process: each costs memory and a share of every ticker broadcast. */
  total: number;
  /** Connection attempts per client address per minute: a reconnect storm is a few. */
  handshakesPerMinute: number;
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
  private readonly handshakes = new Map<string, CallWindow>();
  private total = 0;

  constructor(private readonly limits: SocketLimits) {}

  /** Counts a connection attempt from `address`; false past the per-minute allowance. */
  attempt(address: string, nowMs: number): boolean {
    if (this.handshakes.size > 100_000) this.handshakes.clear();
    let window = this.handshakes.get(address);
    if (!window) this.handshakes.set(address, (window = new CallWindow(HANDSHAKES)));
    return window.allow(nowMs, this.limits.handshakesPerMinute);
  }

  /** Counts the socket in, or says why it may not connect. */
  admit(address: string, userId: string | null): string | null {
    if (this.total >= this.limits.total) return 'The server is full. Try again later';
    if ((this.byAddress.get(address) ?? 0) >= this.limits.perAddress)
      return 'Too many connections from this address';
    if (userId && (this.byUser.get(userId) ?? 0) >= this.limits.perUser)
      return 'Too many connections for this account';
    bump(this.byAddress, address, 1);
    if (userId) bump(this.byUser, userId, 1);
    this.total += 1;
    return null;
  }

  release(address: string, userId: string | null): void {
    this.total -= 1;
    bump(this.byAddress, address, -1);
    if (userId) bump(this.byUser, userId, -1);
  }
}

function bump(map: Map<string, number>, key: string, by: number): void {
  const next = (map.get(key) ?? 0) + by;
  if (next > 0) map.set(key, next);
  else map.delete(key);
}

const HANDSHAKES = { windowMs: 60_000 } as const;

/** Calls in the current window (a socket's subscribe calls, an address's connection attempts). */
export class CallWindow {
  private startMs = 0;
  private count = 0;

  constructor(private readonly window: { windowMs: number } = SUBSCRIBE_CALLS) {}

  /** Counts a call; false once more than `max` were made in this window. */
  allow(nowMs: number, max: number = SUBSCRIBE_CALLS.max): boolean {
    if (nowMs - this.startMs >= this.window.windowMs) {
      this.startMs = nowMs;
      this.count = 0;
    }
    this.count += 1;
    return this.count <= max;
  }
}
