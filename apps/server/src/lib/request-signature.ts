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

/**
 * Signatures seen within the receive window, each under its key id and as the bytes it decodes
 * to (one spelling whatever the client sent): a request whose signature was already seen is a
 * replay. A signature is remembered for twice the window (a timestamp may be up to one window
 * in the past or the future), in arrival order, so the oldest are forgotten first.
 */
export class ReplayGuard {
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly windowMs: number,
    private readonly max = 1_000_000,
  ) {}

  /** Records the key's signature (hex); false if it was seen before. */
  firstSight(keyId: string, signature: string, nowMs: number): boolean {
    for (const [sig, until] of this.seen) {
      if (until > nowMs && this.seen.size < this.max) break;
      this.seen.delete(sig);
    }
    const seen = `${keyId}:${Buffer.from(signature, 'hex').toString('base64')}`;
    if (this.seen.has(seen)) return false;
    this.seen.set(seen, nowMs + 2 * this.windowMs);
    return true;
  }
}
