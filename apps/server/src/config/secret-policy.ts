import { OWASP_COST } from '../lib/passwords.js';

/** 32 bytes: the strength of the HMAC-SHA256 key the secret becomes. */
const MIN_SECRET_BITS = 256;
/** Random text of that length never repeats this little ('aaaa…', '0101…'). */
const MIN_DISTINCT_CHARS = 8;

/**
 * Refuses a `JWT_SECRET` weaker than 32 random bytes, counted as its text encodes them: 4 bits
 * per hex digit (64 digits), 6 per base64 character (43). A typed phrase is not random enough.
 */
export function checkJwtSecret(secret: string): void {
  const bitsPerChar = /^[0-9a-fA-F]+$/.test(secret) ? 4 : 6;
  if (secret.length * bitsPerChar < MIN_SECRET_BITS || new Set(secret).size < MIN_DISTINCT_CHARS) {
    throw new Error(
      'JWT_SECRET must be at least 32 random bytes: 64 hex digits or 43 base64 characters ' +
        '(openssl rand -base64 32), or unset to have one generated in DATA_DIR',
    );
  }
}

/**
 * scrypt's cost (log2 of N) for new password hashes: OWASP's 17 unless set. Only the test suite
 * may go lower (each hash at 17 takes 128 MiB and most of a second); stored hashes name their own
 * cost, so any of them verifies whatever this is.
 */
export function passwordHashCost(value: string | undefined, nodeEnv: string): number {
  if (value === undefined) return OWASP_COST;
  const cost = Number(value);
  if (!Number.isInteger(cost) || cost < 10 || cost > 20)
    throw new Error('PASSWORD_HASH_COST must be a whole number from 10 to 20');
  if (cost < OWASP_COST && nodeEnv !== 'test')
    throw new Error(`PASSWORD_HASH_COST below ${OWASP_COST} is for the test suite only`);
  return cost;
}
