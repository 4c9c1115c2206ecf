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
