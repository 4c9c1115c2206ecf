import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { BoundedPool, inTurn } from './bounded-pool.js';

/** OWASP password storage cheat sheet: scrypt N=2^17, r=8, p=1. */
export const OWASP_COST = 17;
/** scrypt's parameters for a cost (log2 of N); only tests hash below OWASP_COST (config/env.ts). */
const paramsFor = (cost: number) => ({ N: 2 ** cost, r: 8, p: 1 });
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, params: ScryptOptions): Promise<Buffer> {
  // maxmem must exceed 128 * N * r bytes (128 MiB here).
  const options = { ...params, maxmem: 256 * 1024 * 1024 };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/** Self-describing so the parameters can be raised later without breaking old hashes. */
export async function hashPassword(password: string, cost = OWASP_COST): Promise<string> {
  const salt = randomBytes(16);
  const params = paramsFor(cost);
  const key = await derive(password, salt, params);
  const { N, r, p } = params;
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/**
 * Stored for an account that has no password its owner chose: no password matches it. Checking
 * against it costs a real check's time, so login timing does not tell such accounts apart.
 */
export const NO_PASSWORD = 'none$';

export async function verifyPassword(
  password: string,
  stored: string,
  cost = OWASP_COST,
): Promise<boolean> {
  const [scheme, N, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return burnPasswordCheck(password, cost);
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), {
    N: Number(N),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

const dummyHashes = new Map<number, Promise<string>>();

/** Spends the same time as a real check when there is no account, so timing tells nothing. */
export async function burnPasswordCheck(password: string, cost = OWASP_COST): Promise<false> {
  let dummy = dummyHashes.get(cost);
  if (!dummy) dummyHashes.set(cost, (dummy = hashPassword('not-a-real-password-0', cost)));
  await verifyPassword(password, await dummy, cost);
  return false;
}

export interface HashLimits {
  /** Hashes computed at once; the rest of the thread pool stays free for files and images. */
  concurrency: number;
  /** Hashes that may wait for a turn; beyond that the caller gets 503 UNAVAILABLE at once. */
  queue: number;
  /** scrypt's cost, log2 of N: OWASP_COST, lower only under tests. */
  cost: number;
}

/**
 * The request path's password hashing: at most `concurrency` scrypt runs at a time (each takes
 * 128 MiB and most of a second of one libuv thread), at most `queue` waiting in line. A flood of
 * logins or sign-ups then costs its senders 503s instead of stalling every file read, image
 * re-encode and other login of the process.
 */
export class PasswordHasher {
  private readonly pool: BoundedPool;
  private readonly cost: number;

  constructor(limits: HashLimits) {
    this.pool = new BoundedPool({ concurrency: limits.concurrency, waiting: limits.queue });
    this.cost = limits.cost;
  }

  hash(password: string): Promise<string> {
    return inTurn(this.pool, () => hashPassword(password, this.cost));
  }

  verify(password: string, stored: string): Promise<boolean> {
    return inTurn(this.pool, () => verifyPassword(password, stored, this.cost));
  }

  /** A check against no account: as slow as a real one, and queued like one. */
  burn(password: string): Promise<false> {
    return inTurn(this.pool, () => burnPasswordCheck(password, this.cost));
  }
}
