import { createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC-SHA256 of a signing payload under an API key's secret, in lowercase hex. */
export function signPayload(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('hex');
}

/** Whether `signature` is the payload's HMAC under `secret`, compared in constant time. */
export function signatureMatches(secret: string, payload: string, signature: string): boolean {
  const expected = Buffer.from(signPayload(secret, payload), 'hex');
  const given = /^[0-9a-f]{64}$/i.test(signature) ? Buffer.from(signature, 'hex') : null;
  return given !== null && timingSafeEqual(expected, given);
}

/**
 * Signatures seen within the receive window: a request whose signature was already seen is a
 * replay. A signature is remembered for twice the window (a timestamp may be up to one window
 * in the past or the future), in arrival order, so the oldest are forgotten first.
 */
export class ReplayGuard {
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly windowMs: number,
    private readonly max = 1_000_000,
  ) {}

  /** Records the signature; false if it was seen before. */
  firstSight(signature: string, nowMs: number): boolean {
    for (const [sig, until] of this.seen) {
      if (until > nowMs && this.seen.size < this.max) break;
      this.seen.delete(sig);
    }
    if (this.seen.has(signature)) return false;
    this.seen.set(signature, nowMs + 2 * this.windowMs);
    return true;
  }
}
