import { createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC-SHA256 of a signing payload under an API key's secret, in lowercase hex. */
export function signPayload(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('hex');
}

/**
 * A signature as the README states it: 64 lowercase hex digits. Only one spelling of each HMAC
 * is accepted, so a replay cannot pass as new by changing the case of its letters (review N-M1).
 */
export const isSignatureFormat = (signature: string): boolean => /^[0-9a-f]{64}$/.test(signature);

/** Whether `signature` is the payload's HMAC under `secret`, compared in constant time. */
export function signatureMatches(secret: string, payload: string, signature: string): boolean {
  const expected = Buffer.from(signPayload(secret, payload), 'hex');
  const given = isSignatureFormat(signature) ? Buffer.from(signature, 'hex') : null;
  return given !== null && timingSafeEqual(expected, given);
}

/** How far ahead of the server's clock a signed request's timestamp may be (Binance's rule, both APIs). */
export const SIGNED_AHEAD_MS = 1_000;
/** The widest receive window a signed request may ask for (Binance's `recvWindow` at most). */
export const MAX_RECV_WINDOW_MS = 60_000;
/** How far the clocks of two hosts sharing a database may differ (a standby taking over). */
export const HOST_CLOCK_SKEW_MS = 1_000;

/** What the guard says of a signature: first seen now, seen before, or no room to remember it. */
export type Sighting = 'new' | 'replay' | 'full';

/**
 * Signatures of API-key requests (both APIs, every method), remembered so that each is accepted
 * once: a request whose signature was seen before is a replay, whatever its method or path (a
 * signed `GET /api/v3/openOrders` sent again as `DELETE` carries a seen signature, review N4-M1).
 *
 * - How long: a signature accepted at `t` carries a timestamp before `t + SIGNED_AHEAD_MS`, so
 *   no clock reading after `t + SIGNED_AHEAD_MS + window` accepts it again. Each is kept that
 *   long from its first sight (`retentionMs`: the widest window accepted, 60 s, plus the second
 *   ahead), in arrival order, so the oldest are forgotten first and exactly when they expire.
 * - How much: at most `max` signatures, 16 bytes of each (128 bits of an HMAC, as good as the
 *   whole against a chance collision; only a verified signature is remembered, so no one picks
 *   them), about 80 bytes an entry in V8: a million, 80 MB, is 16,000 signed requests a second
 *   held for 61 s, three times the trading core's rate. When it is full of live signatures a new
 *   one is refused ('full', answered 429) rather than an old one forgotten early: the guard
 *   fails closed, and only requests signed with a live key can fill it.
 * - Since when: the memory is this process's. A process that takes over the trading core (a
 *   standby, or a restart) never saw what the previous one accepted, so it accepts no timestamp
 *   from before it began serving (`beginServing`): every timestamp the previous process could
 *   have accepted is behind it. A client refused this way signs again with a fresh timestamp,
 *   as it does for any -1021. Persisting each signature instead would cost a database write on
 *   every signed call, reads included.
 */
export class ReplayGuard {
  private readonly seen = new Map<string, number>();
  /** Timestamps earlier than this are refused; nothing is accepted until `beginServing`. */
  private freshFrom = Number.POSITIVE_INFINITY;
  /** When the oldest signature remembered expires. */
  private nextExpiry = Number.POSITIVE_INFINITY;

  constructor(
    private readonly retentionMs: number,
    private readonly max = 1_000_000,
  ) {}

  /**
   * This process serves signed requests from `fromMs` on (its clock): a timestamp earlier than
   * that may have been accepted by the process it took over from.
   */
  beginServing(fromMs: number): void {
    this.freshFrom = fromMs;
  }

  /** The first timestamp this process accepts (`beginServing`). */
  get servingFrom(): number {
    return this.freshFrom;
  }

  /** Whether a request signed at `timestampMs` predates this process's serving. */
  predatesServing(timestampMs: number): boolean {
    return timestampMs < this.freshFrom;
  }

  /** Records a verified signature (64 hex digits), unless it was seen before or there is no room. */
  sight(signature: string, nowMs: number): Sighting {
    if (nowMs >= this.nextExpiry) this.forgetExpired(nowMs);
    const seen = Buffer.from(signature.slice(0, 32), 'hex').toString('latin1');
    if (this.seen.has(seen)) return 'replay';
    if (this.seen.size >= this.max) return 'full';
    const until = nowMs + this.retentionMs;
    this.seen.set(seen, until);
    if (this.seen.size === 1) this.nextExpiry = until;
    return 'new';
  }

  private forgetExpired(nowMs: number): void {
    this.nextExpiry = Number.POSITIVE_INFINITY;
    for (const [seen, until] of this.seen) {
      if (until > nowMs) {
        this.nextExpiry = until;
        return;
      }
      this.seen.delete(seen);
    }
  }

  /** Signatures remembered now (metrics, tests). */
  get size(): number {
    return this.seen.size;
  }
}

/**
 * How long a signature must be remembered when requests may be up to `windowMs` old: the widest
 * window accepted (ours, or Binance's 60 s) plus how far ahead a timestamp may be.
 */
export const replayRetentionMs = (windowMs: number): number =>
  Math.max(windowMs, MAX_RECV_WINDOW_MS) + SIGNED_AHEAD_MS;

/**
 * The first timestamp a process holding the writer lock since `lockedAtMs` accepts: any earlier
 * one may have been accepted by the process it took over from, which stopped before the lock
 * came free but took timestamps up to a second ahead of its clock, a clock that may differ from
 * ours by `HOST_CLOCK_SKEW_MS` when it ran on another host (PostgreSQL is shared by processes of
 * several hosts; PGlite by one process).
 */
export const servingFromMs = (lockedAtMs: number, sharedDatabase: boolean): number =>
  lockedAtMs + SIGNED_AHEAD_MS + (sharedDatabase ? HOST_CLOCK_SKEW_MS : 0);

/** Resolves once `now()` reads `atMs` or later (a process serves nothing signed before). */
export async function untilClockReads(now: () => Date, atMs: number): Promise<void> {
  for (let left = atMs - now().getTime(); left > 0; left = atMs - now().getTime())
    await new Promise((resolve) => setTimeout(resolve, left));
}
