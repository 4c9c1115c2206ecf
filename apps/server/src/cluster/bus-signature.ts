import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';

/**
 * How far a request's time may be from the core's clock (either way), and how long its id is
 * remembered: a request older than this is stale, one seen within it is a replay. The hosts'
 * clocks must agree within it (NTP).
 */
export const BUS_REQUEST_WINDOW_MS = 30_000;

/**
 * A request a gateway puts on the broker (review N4-H4): what it asks (`body`, the JSON of the
 * request, with the client's address as the gateway itself observed it), when (`at`, ms since
 * the epoch) and a fresh `id`, under `mac`, an HMAC-SHA256 over the subject and all of these
 * with the key every gateway and core derive from CLUSTER_SECRET. A broker client without the
 * key can neither make one nor change one, and one seen before is refused.
 */
export interface SignedBusRequest {
  at: number;
  id: string;
  body: string;
  mac: string;
}

export type BusRefusal = 'unsigned' | 'bad signature' | 'stale' | 'replayed';

export type Verified<T> = { ok: true; value: T } | { ok: false; reason: BusRefusal };

/** The bus's signing key, derived from the cluster secret (never the secret itself on the wire). */
export function busKey(clusterSecret: string): Buffer {
  return createHmac('sha256', clusterSecret).update('exchange cluster bus requests v1').digest();
}

const macOf = (key: Buffer, subject: string, at: number, id: string, body: string): Buffer =>
  createHmac('sha256', key).update(`${subject}\n${at}\n${id}\n${body}`).digest();

export function signBusRequest(
  key: Buffer,
  subject: string,
  value: unknown,
  now: number = Date.now(),
  id: string = randomUUID(),
): SignedBusRequest {
  const body = JSON.stringify(value);
  return { at: now, id, body, mac: macOf(key, subject, now, id, body).toString('base64url') };
}

function isSigned(data: unknown): data is SignedBusRequest {
  if (typeof data !== 'object' || data === null) return false;
  const d = data as Record<string, unknown>;
  return (
    Number.isSafeInteger(d.at) &&
    typeof d.id === 'string' &&
    d.id.length > 0 &&
    d.id.length <= 64 &&
    typeof d.body === 'string' &&
    typeof d.mac === 'string'
  );
}

/**
 * The core's check of each request: signed with the key, on this subject, within the window of
 * now, and not seen before. Only a request that passed the signature is remembered, so no one
 * without the key can fill the memory; ids are forgotten once their request would be stale.
 */
export class BusVerifier {
  /** Each id seen and when it may be forgotten, in the order they came (oldest first). */
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly key: Buffer,
    private readonly windowMs: number = BUS_REQUEST_WINDOW_MS,
  ) {}

  verify<T>(subject: string, data: unknown, now: number = Date.now()): Verified<T> {
    if (!isSigned(data)) return { ok: false, reason: 'unsigned' };
    const expected = macOf(this.key, subject, data.at, data.id, data.body);
    const given = Buffer.from(data.mac, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return { ok: false, reason: 'bad signature' };
    if (Math.abs(now - data.at) > this.windowMs) return { ok: false, reason: 'stale' };
    this.forget(now);
    if (this.seen.has(data.id)) return { ok: false, reason: 'replayed' };
    this.seen.set(data.id, data.at + this.windowMs);
    return { ok: true, value: JSON.parse(data.body) as T };
  }

  /** How many ids are remembered (tests). */
  get remembered(): number {
    return this.seen.size;
  }

  private forget(now: number) {
    for (const [id, until] of this.seen) {
      // Roughly in time order: stop at the first one still needed.
      if (until >= now) break;
      this.seen.delete(id);
    }
  }
}
